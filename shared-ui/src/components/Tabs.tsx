import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../cx';

export interface TabItem<Id extends string = string> {
  id: Id;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps<Id extends string> {
  tabs: readonly TabItem<Id>[];
  value: Id;
  onChange: (id: Id) => void;
  /** Names the tab list for screen readers. */
  label: string;
  className?: string;
  /** Stack the tabs vertically from the md breakpoint (a side menu). */
  vertical?: boolean;
}

/**
 * WAI-ARIA tabs: one tab in the Tab order (roving tabindex), arrow keys, Home and End move between tabs
 * and select them; the panel is labelled by its tab.
 */
export function Tabs<Id extends string>({
  tabs,
  value,
  onChange,
  label,
  className,
  vertical = false,
}: TabsProps<Id>) {
  const baseId = useId();
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = (id: Id) => `${baseId}-panel-${id}`;

  function move(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const keys: Record<string, number> = vertical
      ? { ArrowDown: index + 1, ArrowUp: index - 1, ArrowRight: index + 1, ArrowLeft: index - 1 }
      : { ArrowRight: index + 1, ArrowLeft: index - 1 };
    keys.Home = 0;
    keys.End = tabs.length - 1;
    if (!(event.key in keys)) return;
    event.preventDefault();
    const next = tabs[(keys[event.key] + tabs.length) % tabs.length];
    onChange(next.id);
    refs.current.get(next.id)?.focus();
  }

  const active = tabs.find((tab) => tab.id === value) ?? tabs[0];
  return (
    <div className={cx(vertical ? 'flex flex-col gap-6 md:flex-row' : 'flex flex-col gap-4', className)}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation={vertical ? 'vertical' : 'horizontal'}
        className={cx(
          'flex gap-1 overflow-x-auto',
          vertical
            ? 'border-b border-gray-200 md:w-56 md:shrink-0 md:flex-col md:border-r md:border-b-0'
            : 'border-b border-gray-200',
        )}
      >
        {tabs.map((tab, index) => {
          const selected = tab.id === active?.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) refs.current.set(tab.id, element);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={panelId(tab.id)}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.id)}
              onKeyDown={(event) => move(event, index)}
              className={cx(
                'min-h-11 px-4 py-2 text-left text-sm font-medium whitespace-nowrap transition-colors',
                selected
                  ? 'border-primary text-primary'
                  : 'border-transparent text-gray-700 hover:text-gray-900',
                vertical ? 'border-b-2 md:border-b-0 md:border-l-2' : 'border-b-2',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {active && (
        <div
          role="tabpanel"
          id={panelId(active.id)}
          aria-labelledby={tabId(active.id)}
          tabIndex={0}
          className="min-w-0 flex-1"
        >
          {active.content}
        </div>
      )}
    </div>
  );
}
