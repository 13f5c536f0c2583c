/**
 * The card of an entity value, as Excel opens it from the icon of a data type cell (here
 * Ctrl+Shift+F5 on the cell too, the shortcut Excel's list of keyboard shortcuts gives for a data
 * type's card as far as we know: not checked against Excel): its title (the title property, else the entity's text), then its sections'
 * properties, each name beside its value shown in the value's number format and the display
 * locale (dev/office-emulation/cell-values: EntityCellValue's `layouts.card`). Escape, the close
 * button or a click elsewhere closes it.
 */
import { cardProperties, cardTitle, type EntityJson } from "../office-emulation/cell-values";
import { formatNumber, type DisplayLocale } from "../office-emulation/format";

function shown(
  json: { type: string; basicValue: unknown; numberFormat?: string },
  locale: DisplayLocale,
): string {
  const value = json.basicValue;
  if (typeof value === "number") return formatNumber(value, json.numberFormat ?? "General", locale);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return String(value);
}

export class CardView {
  private readonly element: HTMLDivElement;

  constructor(private readonly host: HTMLElement) {
    this.element = document.createElement("div");
    this.element.id = "wb-card";
    this.element.className = "wb-card";
    this.element.setAttribute("role", "dialog");
    this.element.hidden = true;
    host.append(this.element);
    this.element.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.close();
    });
    document.addEventListener("mousedown", (e) => {
      if (!this.element.hidden && e.target instanceof Node && !this.element.contains(e.target)) {
        const icon = e.target instanceof Element ? e.target.closest(".wb-entity-icon") : null;
        if (!icon) this.close();
      }
    });
  }

  /** Opens the card of `entity` beside the rectangle `near` (the cell's icon). */
  open(entity: EntityJson, near: DOMRect, locale: DisplayLocale): void {
    const title = cardTitle(entity);
    this.element.replaceChildren();
    this.element.setAttribute("aria-label", `Card: ${title}`);
    const head = document.createElement("div");
    head.className = "wb-card-head";
    const heading = document.createElement("h2");
    heading.className = "wb-card-title";
    heading.textContent = title;
    const close = document.createElement("button");
    close.type = "button";
    close.className = "wb-card-close";
    close.setAttribute("aria-label", "Close card");
    close.textContent = "✕";
    close.addEventListener("click", () => this.close());
    head.append(heading, close);
    const list = document.createElement("dl");
    list.className = "wb-card-fields";
    for (const { name, json } of cardProperties(entity)) {
      const term = document.createElement("dt");
      term.textContent = name;
      const value = document.createElement("dd");
      value.textContent = shown(json, locale);
      if (typeof json.basicValue === "number") value.classList.add("wb-num");
      list.append(term, value);
    }
    this.element.append(head, list);
    const bounds = this.host.getBoundingClientRect();
    this.element.style.left = `${Math.max(0, near.right - bounds.left + 4)}px`;
    this.element.style.top = `${Math.max(0, near.top - bounds.top)}px`;
    this.element.hidden = false;
    close.focus();
  }

  close(): void {
    this.element.hidden = true;
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }
}
