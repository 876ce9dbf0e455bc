/** The clock lives with the delivery module (which owns the selectable delivery date); orders use the same one. */
export { Clock } from '../delivery/clock';
