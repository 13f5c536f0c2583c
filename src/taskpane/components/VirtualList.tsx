// A long list that renders only the rows in view (plus a few), so 100k problems or positions stay
// fast: @tanstack/virtual-core measures each row as it is drawn (rows wrap at 320 px, so their
// heights differ) and keeps the scroll height of the whole list.
import type { ComponentChildren } from "preact";
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from "preact/hooks";
import {
  Virtualizer,
  elementScroll,
  measureElement,
  observeElementOffset,
  observeElementRect,
} from "@tanstack/virtual-core";

export interface VirtualListProps {
  /** The list's accessible name. */
  label: string;
  count: number;
  /** A stable key per row. */
  itemKey: (index: number) => string;
  renderItem: (index: number) => ComponentChildren;
  /** A first guess of a row's height in px; rows are measured once drawn. */
  estimateSize?: number;
  /** The list scrolls inside this height (px); a shorter list takes only its own height. */
  maxHeight?: number;
  testId?: string;
}

export function VirtualList(props: VirtualListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [virtualizer] = useState(
    () =>
      new Virtualizer<HTMLDivElement, HTMLLIElement>({
        count: props.count,
        getScrollElement: () => scrollRef.current,
        estimateSize: () => props.estimateSize ?? 88,
        getItemKey: props.itemKey,
        scrollToFn: elementScroll,
        observeElementRect,
        observeElementOffset,
        measureElement,
        overscan: 4,
        onChange: () => rerender(0),
      }),
  );
  virtualizer.setOptions({
    ...virtualizer.options,
    count: props.count,
    getItemKey: props.itemKey,
  });
  useEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer._willUpdate());
  const items = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();
  const maxHeight = props.maxHeight ?? 360;
  return (
    <div
      ref={scrollRef}
      class="fui-virtual-list"
      style={{ maxHeight: `${maxHeight}px`, height: `${Math.min(total, maxHeight)}px` }}
      data-testid={props.testId}
    >
      <ul
        aria-label={props.label}
        style={{ height: `${total}px`, position: "relative", margin: 0, padding: 0, listStyle: "none" }}
      >
        {items.map((item) => (
          <li
            key={item.key}
            data-index={item.index}
            ref={(node) => virtualizer.measureElement(node)}
            aria-setsize={props.count}
            aria-posinset={item.index + 1}
            style={{
              position: "absolute",
              top: 0,
              left: 0,
              width: "100%",
              transform: `translateY(${item.start}px)`,
              paddingBottom: "4px",
            }}
          >
            {props.renderItem(item.index)}
          </li>
        ))}
      </ul>
    </div>
  );
}
