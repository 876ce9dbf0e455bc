// Standalone development only: the full theme comes first, so the storefront's utilities load after it
// (as under the host, which ships the theme itself).
import '@larder/shared-ui/src/theme.css';

// The async boundary lets the shared singletons negotiate before any of them is used.
import('./bootstrap');
