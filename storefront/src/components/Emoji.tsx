import { EMOJI_VIEWBOX } from '../assets/emoji';

interface EmojiProps {
  /** SVG body from src/assets/emoji.ts. */
  body: string;
  /** Accessible name; omit for a decorative picture. */
  label?: string;
  className?: string;
}

/** A flat illustration drawn inline (no extra request). Decorative unless given a label. */
export function Emoji({ body, label, className }: EmojiProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={EMOJI_VIEWBOX}
      className={className}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      dangerouslySetInnerHTML={{ __html: body }}
    />
  );
}
