// Tree (ARIA tree view) with lazily loaded children: a node that says hasChildren gets them from
// loadChildren the first time it is expanded (a spinner row meanwhile; a failure shows a row with
// the message). Keyboard as in Fluent's Tree: Up/Down move, Right expands or enters, Left
// collapses or goes to the parent, Home/End, Enter or Space selects. One tab stop (roving tabindex).
import type { ComponentChildren } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { Icon } from "./icons";

export interface TreeNode {
  id: string;
  label: string;
  /** Right-aligned secondary text (a count, a value). */
  aside?: string;
  /** Children known now; when absent and hasChildren is true they are loaded on expand. */
  children?: TreeNode[];
  hasChildren?: boolean;
}

export interface TreeProps {
  /** Names the tree for screen readers. */
  label: string;
  nodes: readonly TreeNode[];
  loadChildren?(node: TreeNode): Promise<TreeNode[]>;
  selected?: string | null;
  onSelect?: (node: TreeNode) => void;
  /** Shown while children load, e.g. t("common.loading"). */
  loadingText: string;
  /** Turns a failed load into a sentence for the user. */
  errorText(error: unknown): string;
}

interface VisibleItem {
  node: TreeNode;
  level: number;
  parentId: string | null;
  expandable: boolean;
  expanded: boolean;
}

type Loaded = Record<string, TreeNode[] | { error: string } | "loading">;

export function Tree(props: TreeProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [loaded, setLoaded] = useState<Loaded>({});
  const [focused, setFocused] = useState<string | null>(null);
  const rootRef = useRef<HTMLUListElement>(null);
  // The item a key moved to, focused once it is in the DOM. A ref holding the id, read after each
  // render, not a flag read by the render's own closure: an effect left pending from a render just
  // before the key (data arriving, a parent re-rendering) would otherwise see the flag, focus the
  // item it knew and clear it, and the key's move would never take the focus.
  const focusRequest = useRef<string | null>(null);

  const childrenOf = (node: TreeNode): TreeNode[] | null => {
    if (node.children) return node.children;
    const l = loaded[node.id];
    return Array.isArray(l) ? l : null;
  };

  const visible: VisibleItem[] = [];
  const walk = (nodes: readonly TreeNode[], level: number, parentId: string | null) => {
    for (const node of nodes) {
      const expandable = Boolean(node.children?.length) || node.hasChildren === true;
      const isExpanded = expandable && expanded.has(node.id);
      visible.push({ node, level, parentId, expandable, expanded: isExpanded });
      const kids = isExpanded ? childrenOf(node) : null;
      if (kids) walk(kids, level + 1, node.id);
    }
  };
  walk(props.nodes, 1, null);
  const focusId = focused ?? props.selected ?? visible[0]?.node.id ?? null;

  useLayoutEffect(() => {
    const id = focusRequest.current;
    if (id === null) return;
    const item = rootRef.current?.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(id)}"]`);
    if (!item) return;
    focusRequest.current = null;
    item.focus();
  });

  function toggle(item: VisibleItem, open: boolean) {
    const next = new Set(expanded);
    if (open) next.add(item.node.id);
    else next.delete(item.node.id);
    setExpanded(next);
    const { node } = item;
    if (open && !node.children && props.loadChildren && loaded[node.id] === undefined) {
      setLoaded((l) => ({ ...l, [node.id]: "loading" }));
      props.loadChildren(node).then(
        (kids) => setLoaded((l) => ({ ...l, [node.id]: kids })),
        (error: unknown) => setLoaded((l) => ({ ...l, [node.id]: { error: props.errorText(error) } })),
      );
    }
  }

  function moveTo(id: string | undefined) {
    if (!id) return;
    focusRequest.current = id;
    setFocused(id);
  }

  function onKeyDown(e: KeyboardEvent, index: number) {
    const item = visible[index];
    if (!item) return;
    switch (e.key) {
      case "ArrowDown":
        moveTo(visible[index + 1]?.node.id);
        break;
      case "ArrowUp":
        moveTo(visible[index - 1]?.node.id);
        break;
      case "Home":
        moveTo(visible[0]?.node.id);
        break;
      case "End":
        moveTo(visible[visible.length - 1]?.node.id);
        break;
      case "ArrowRight":
        if (item.expandable && !item.expanded) toggle(item, true);
        else if (item.expanded) moveTo(visible[index + 1]?.node.id);
        break;
      case "ArrowLeft":
        if (item.expanded) toggle(item, false);
        else if (item.parentId) moveTo(item.parentId);
        break;
      case "Enter":
      case " ":
        props.onSelect?.(item.node);
        break;
      default:
        return;
    }
    e.preventDefault();
  }

  // Nested markup (group inside treeitem), built from the flat list of visible items.
  const renderLevel = (nodes: readonly TreeNode[], level: number): ComponentChildren =>
    nodes.map((node) => {
      const index = visible.findIndex((v) => v.node.id === node.id);
      const item = visible[index];
      if (!item) return null;
      const state = loaded[node.id];
      const kids = item.expanded ? childrenOf(node) : null;
      return (
        <li
          key={node.id}
          class="fui-treeitem"
          role="treeitem"
          data-node-id={node.id}
          aria-level={level}
          aria-expanded={item.expandable ? (item.expanded ? "true" : "false") : undefined}
          aria-selected={props.selected === node.id ? "true" : "false"}
          tabIndex={focusId === node.id ? 0 : -1}
          onKeyDown={(e) => {
            if (e.currentTarget === e.target) onKeyDown(e, index);
          }}
          onFocus={(e) => {
            if (e.currentTarget === e.target) setFocused(node.id);
          }}
        >
          <div
            class="fui-treeitem__row"
            style={{ "--fui-level": String(level - 1) }}
            onClick={() => {
              setFocused(node.id);
              if (item.expandable) toggle(item, !item.expanded);
              props.onSelect?.(node);
            }}
          >
            <span class="fui-treeitem__chevron">
              {item.expandable && <Icon name="chevronRight" size={12} />}
            </span>
            <span>{node.label}</span>
            {node.aside && <span class="fui-treeitem__aside">{node.aside}</span>}
          </div>
          {item.expanded && (
            <ul role="group">
              {kids ? (
                renderLevel(kids, level + 1)
              ) : state === "loading" ? (
                <li
                  role="none"
                  class="fui-treeitem__row fui-caption"
                  style={{ "--fui-level": String(level) }}
                >
                  <span class="fui-spinner fui-spinner--small" aria-hidden="true" />
                  <span role="status">{props.loadingText}</span>
                </li>
              ) : state && !Array.isArray(state) && typeof state === "object" ? (
                <li
                  role="none"
                  class="fui-treeitem__row fui-validation"
                  style={{ "--fui-level": String(level) }}
                >
                  <span role="alert">{state.error}</span>
                </li>
              ) : null}
            </ul>
          )}
        </li>
      );
    });

  return (
    <ul ref={rootRef} class="fui-tree" role="tree" aria-label={props.label}>
      {renderLevel(props.nodes, 1)}
    </ul>
  );
}
