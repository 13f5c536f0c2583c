// Tabs (ARIA tabs pattern): one tab stop for the list; Left/Right (and Home/End) move between tabs
// and select them, as Fluent's TabList does. The panel of the selected tab is rendered, the others
// are not (feature screens keep their own state above the tabs when they need it).
import type { ComponentChildren } from "preact";
import { useId, useRef } from "preact/hooks";

export interface TabItem {
  id: string;
  label: string;
  /** Rendered only while the tab is selected. */
  render(): ComponentChildren;
}

export interface TabsProps {
  /** Names the tab list for screen readers (e.g. "Features"). */
  label: string;
  tabs: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
}

export function Tabs({ label, tabs, selected, onSelect }: TabsProps) {
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];

  function move(e: KeyboardEvent, index: number) {
    let next = index;
    if (e.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (e.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = tabs.length - 1;
    else return;
    e.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  }

  return (
    <div class="fui-tabs">
      <div ref={listRef} class="fui-tablist" role="tablist" aria-label={label}>
        {tabs.map((tab, i) => {
          const isSelected = tab.id === current?.id;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              class="fui-tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={isSelected ? "true" : "false"}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              onKeyDown={(e) => move(e, i)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current && (
        <div
          class="fui-tabpanel"
          role="tabpanel"
          id={`${base}-panel-${current.id}`}
          aria-labelledby={`${base}-tab-${current.id}`}
        >
          {current.render()}
        </div>
      )}
    </div>
  );
}
