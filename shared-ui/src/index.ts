export { cx } from './cx';
export { useFocusTrap } from './useFocusTrap';
export type { FocusTrapOptions } from './useFocusTrap';
export { SiteNameProvider, useDocumentTitle } from './useDocumentTitle';
export { DESKTOP_QUERY, useMediaQuery } from './useMediaQuery';
export { Badge, OrderStatusBadge, orderStatusTone } from './components/Badge';
export type { BadgeProps, BadgeTone } from './components/Badge';
export { Button, buttonClasses } from './components/Button';
export type { ButtonProps, ButtonSize, ButtonVariant } from './components/Button';
export { ConfirmDialog } from './components/ConfirmDialog';
export type { ConfirmDialogProps, ConfirmOptions } from './components/ConfirmDialog';
export { ConfirmProvider, useConfirm } from './components/ConfirmProvider';
export type { Confirm } from './components/ConfirmProvider';
export { EmptyState } from './components/EmptyState';
export type { EmptyStateProps } from './components/EmptyState';
export { Field, Select, TextArea, TextInput } from './components/Field';
export type {
  FieldControlProps,
  FieldProps,
  SelectOption,
  SelectProps,
  TextAreaProps,
  TextInputProps,
} from './components/Field';
export { DropdownMenu, Menu } from './components/Menu';
export type { DropdownMenuProps, MenuItem } from './components/Menu';
export { Dialog, Modal } from './components/Modal';
export type { ModalProps } from './components/Modal';
export { Price } from './components/Price';
export type { PriceProps } from './components/Price';
export { ProductImage } from './components/ProductImage';
export type { ProductImageProps } from './components/ProductImage';
export { QuantityStepper } from './components/QuantityStepper';
export type { QuantityStepperProps } from './components/QuantityStepper';
export { Skeleton, SkeletonText } from './components/Skeleton';
export type { SkeletonProps } from './components/Skeleton';
export { Spinner } from './components/Spinner';
export type { SpinnerProps } from './components/Spinner';
export { Tabs } from './components/Tabs';
export type { TabItem, TabsProps } from './components/Tabs';
export { VisuallyHidden } from './components/VisuallyHidden';
export { ReceiptDocument, ReceiptScreen } from './components/ReceiptDocument';
export type {
  ReceiptDocumentData,
  ReceiptDocumentProps,
  ReceiptScreenProps,
  ReceiptScreenState,
} from './components/ReceiptDocument';
