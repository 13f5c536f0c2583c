/**
 * How a room of src/ is built, counted from its imports (docs/architecture.md): the files of each
 * of its inner rooms, the arrows between its files (file A imports file B: one arrow however many
 * names it imports), the arrows that run upward, the floors the arrows give the files, and the
 * circles (files that import each other, directly or round about), each passing values or only
 * types. `npm run counts -- src/import` prints them (counts.ts); graph.test.ts holds src/import to
 * no circle and no upward arrow.
 *
 * The words, as counted here:
 * - An arrow is type-only when every import along it is (`import type`, `export type ... from`, an
 *   import whose every name is a type, `import("...")` in a type): erased from the JavaScript, but
 *   it still ties the importer to the imported file's shape.
 * - A circle is a set of files each of which reaches every other by arrows (a strongly connected
 *   component of more than one file). It passes values when the arrows that are not type-only close
 *   a circle among its files on their own; otherwise only types.
 * - An arrow runs upward when it goes against the inner floors (an inner room importing one on its
 *   own inner floor or above; files directly in the room stand above every inner room, see
 *   INNER_FLOORS in rooms.ts), or when it is one of the fewest arrows whose removal leaves no
 *   circle (within a room, or an inner room, whose files import each other freely, only a circle
 *   makes an arrow run upward: without circles the files stand on floors and every arrow goes
 *   down).
 * - The floors are those the arrows give the files, the arrows against the inner floors set aside:
 *   a file that imports no file of the room stands on floor 0, any other one floor above the
 *   highest file it imports; the files of a circle stand on one floor together.
 *
 * The functions over the arrows are pure; `roomImports` reads the arrows off the TypeScript program.
 */
import * as path from "node:path";
import ts from "typescript";
import { isTypeOnlyImport, moduleSpecifiers, relative, ROOT } from "./rooms";

/** File `from` imports file `to` (paths relative to the room, "jobs/send.ts"). */
export interface Arrow {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** A room's files (relative to the room) and the arrows between them. */
export interface RoomImports {
  /** The room's folder, relative to the repository root ("src/import"). */
  room: string;
  files: string[];
  arrows: Arrow[];
}

export interface Circle {
  /** Its files, sorted. */
  files: string[];
  passesValues: boolean;
  /** One way round it (first file repeated at the end): along value arrows when it passes values. */
  path: string[];
}

/** An arrow counted as running upward, and why. */
export interface UpwardArrow extends Arrow {
  why: "against the floors" | "closes a circle";
}

export interface InnerRoomCount {
  /** "" for the files directly in the room. */
  name: string;
  /** Undefined for an inner room missing from the table of inner floors. */
  floor: number | undefined;
  files: string[];
}

export interface RoomCounts {
  room: string;
  files: number;
  /** The inner rooms, lowest floor first, then the files directly in the room. */
  innerRooms: InnerRoomCount[];
  arrows: number;
  typeOnlyArrows: number;
  /** Arrows from a file of one inner room (or directly in the room) to another's. */
  betweenInnerRooms: number;
  /** How many floors the arrows give the files (see above). */
  floors: number;
  upward: UpwardArrow[];
  circles: Circle[];
}

/** The arrows between the files under `room` ("src/import"), read off the program's imports. */
export function roomImports(program: ts.Program, room: string): RoomImports {
  const prefix = `${room.replace(/\/$/, "")}/`;
  const sources = program.getSourceFiles().filter((sf) => relative(sf.fileName).startsWith(prefix));
  const files = sources.map((sf) => relative(sf.fileName).slice(prefix.length)).sort();
  const byPair = new Map<string, Arrow>();
  for (const sourceFile of sources) {
    const from = relative(sourceFile.fileName).slice(prefix.length);
    for (const specifier of moduleSpecifiers(sourceFile)) {
      if (!specifier.text.startsWith(".")) continue;
      const resolved = ts.resolveModuleName(
        specifier.text,
        sourceFile.fileName,
        program.getCompilerOptions(),
        ts.sys,
      ).resolvedModule?.resolvedFileName;
      if (resolved === undefined) continue;
      const target = relative(path.resolve(ROOT, resolved));
      if (!target.startsWith(prefix)) continue;
      const to = target.slice(prefix.length);
      const key = `${from}\u0000${to}`;
      const typeOnly = isTypeOnlyImport(specifier);
      const known = byPair.get(key);
      if (known === undefined) byPair.set(key, { from, to, typeOnly });
      else known.typeOnly &&= typeOnly;
    }
  }
  const arrows = [...byPair.values()].sort(
    (a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to),
  );
  return { room, files, arrows };
}

/** The inner room of a file named relative to its room: "model" for "model/state.ts"; "" directly in it. */
export function innerRoomOf(file: string): string {
  const slash = file.indexOf("/");
  return slash < 0 ? "" : file.slice(0, slash);
}

/**
 * Each inner room's floor: its place in `innerFloors` (lowest first); the files directly in the
 * room on the floor above the highest inner room. An inner room missing from the table: undefined.
 */
export function floorOf(
  innerFloors: readonly (readonly string[])[],
): (innerRoom: string) => number | undefined {
  const floors = new Map(innerFloors.flatMap((rooms, floor) => rooms.map((r) => [r, floor] as const)));
  return (innerRoom) => (innerRoom === "" ? innerFloors.length : floors.get(innerRoom));
}

/**
 * Arrows between inner rooms that go to an inner room on the same floor or above, or to or from
 * one not on a floor.
 */
export function againstFloors(
  arrows: readonly Arrow[],
  innerFloors: readonly (readonly string[])[],
): Arrow[] {
  const floor = floorOf(innerFloors);
  return arrows.filter((a) => {
    const from = innerRoomOf(a.from);
    const to = innerRoomOf(a.to);
    if (from === to) return false;
    const fromFloor = floor(from);
    const toFloor = floor(to);
    return fromFloor === undefined || toFloor === undefined || toFloor >= fromFloor;
  });
}

/** The strongly connected components of the graph (Tarjan), each sorted; single files included. */
export function components(files: readonly string[], arrows: readonly Arrow[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const a of arrows) next.get(a.from)?.push(a.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file) as number, index.get(to) as number));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      for (;;) {
        const top = stack.pop() as string;
        onStack.delete(top);
        component.push(top);
        if (top === file) break;
      }
      out.push(component.sort());
    }
  };
  for (const file of [...files].sort()) if (!index.has(file)) visit(file);
  return out;
}

/** The shortest way from `start` back to itself along `arrows`, or null when there is none. */
function wayRound(start: string, arrows: readonly Arrow[]): string[] | null {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i] as string;
    for (const a of arrows) {
      if (a.from !== at) continue;
      if (a.to === start) {
        const way = [start];
        for (let f = at; f !== start; f = previous.get(f) as string) way.splice(1, 0, f);
        return [...way, start];
      }
      if (!previous.has(a.to)) {
        previous.set(a.to, at);
        queue.push(a.to);
      }
    }
  }
  return null;
}

/** The circles of the graph: components of more than one file, and whether each passes values. */
export function circles(files: readonly string[], arrows: readonly Arrow[]): Circle[] {
  return components(files, arrows)
    .filter((c) => c.length > 1)
    .map((component) => {
      const inside = new Set(component);
      const within = arrows.filter((a) => inside.has(a.from) && inside.has(a.to));
      const values = within.filter((a) => !a.typeOnly);
      const valueCircle = components(component, values).find((c) => c.length > 1);
      const start = (valueCircle ?? component)[0] as string;
      const way = wayRound(start, valueCircle ? values : within) ?? [start];
      return { files: component, passesValues: valueCircle !== undefined, path: way };
    });
}

function isAcyclic(files: readonly string[], arrows: readonly Arrow[]): boolean {
  return components(files, arrows).every((c) => c.length === 1);
}

/** Subsets of `items` of the given size, in order. */
function* subsets<T>(items: readonly T[], size: number, from = 0): Generator<T[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let i = from; i <= items.length - size; i++) {
    for (const rest of subsets(items, size - 1, i + 1)) yield [items[i] as T, ...rest];
  }
}

/** Circles with more arrows than this are broken at the arrows a depth-first walk finds going back. */
const EXACT_LIMIT = 20;

/**
 * The fewest arrows whose removal leaves no circle: found exactly for each circle of up to
 * EXACT_LIMIT arrows (the first such set in the arrows' order), else the arrows a depth-first walk
 * finds going back.
 */
export function circleBreakers(files: readonly string[], arrows: readonly Arrow[]): Arrow[] {
  const out: Arrow[] = [];
  for (const component of components(files, arrows)) {
    if (component.length < 2) continue;
    const inside = new Set(component);
    const within = arrows.filter((a) => inside.has(a.from) && inside.has(a.to));
    let found: Arrow[] | undefined;
    if (within.length <= EXACT_LIMIT) {
      for (let size = 1; size <= within.length && found === undefined; size++) {
        for (const cut of subsets(within, size)) {
          if (
            isAcyclic(
              component,
              within.filter((a) => !cut.includes(a)),
            )
          ) {
            found = cut;
            break;
          }
        }
      }
    }
    out.push(...(found ?? backArrows(component, within)));
  }
  return out;
}

function backArrows(files: readonly string[], arrows: readonly Arrow[]): Arrow[] {
  const state = new Map<string, "open" | "done">();
  const back: Arrow[] = [];
  const visit = (file: string): void => {
    state.set(file, "open");
    for (const a of arrows) {
      if (a.from !== file) continue;
      const seen = state.get(a.to);
      if (seen === "open") back.push(a);
      else if (seen === undefined) visit(a.to);
    }
    state.set(file, "done");
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return back;
}

/**
 * Each file's floor: 0 when it imports no file, else one above the highest file it imports; the
 * files of a circle stand on one floor together (its arrows among them do not count).
 */
export function fileFloors(files: readonly string[], arrows: readonly Arrow[]): Map<string, number> {
  const componentOf = new Map<string, string[]>();
  for (const c of components(files, arrows)) for (const f of c) componentOf.set(f, c);
  const floors = new Map<string, number>();
  const floor = (component: string[]): number => {
    const known = floors.get(component[0] as string);
    if (known !== undefined) return known;
    let f = 0;
    for (const a of arrows) {
      const target = componentOf.get(a.to);
      if (component.includes(a.from) && target !== undefined && target !== component)
        f = Math.max(f, floor(target) + 1);
    }
    for (const file of component) floors.set(file, f);
    return f;
  };
  for (const file of files) floor(componentOf.get(file) as string[]);
  return floors;
}

/** Everything counted of one room; `innerFloors`: its row of INNER_FLOORS (none: a flat room). */
export function countRoom(
  imports: RoomImports,
  innerFloors: readonly (readonly string[])[] = [],
): RoomCounts {
  const { files, arrows } = imports;
  const floor = floorOf(innerFloors);
  const against = againstFloors(arrows, innerFloors);
  const rest = arrows.filter((a) => !against.includes(a));
  const breakers = circleBreakers(files, rest);
  const upward: UpwardArrow[] = [
    ...against.map((a) => ({ ...a, why: "against the floors" as const })),
    ...breakers.map((a) => ({ ...a, why: "closes a circle" as const })),
  ];
  const floors = fileFloors(files, rest);
  const names = [...new Set(files.map(innerRoomOf))];
  const innerRooms = names
    .map((name) => ({ name, floor: floor(name), files: files.filter((f) => innerRoomOf(f) === name) }))
    .sort((a, b) => (a.floor ?? Infinity) - (b.floor ?? Infinity) || a.name.localeCompare(b.name));
  return {
    room: imports.room,
    files: files.length,
    innerRooms,
    arrows: arrows.length,
    typeOnlyArrows: arrows.filter((a) => a.typeOnly).length,
    betweenInnerRooms: arrows.filter((a) => innerRoomOf(a.from) !== innerRoomOf(a.to)).length,
    floors: files.length === 0 ? 0 : Math.max(...floors.values()) + 1,
    upward,
    circles: circles(files, arrows),
  };
}

/** The counts as lines of text, for the command line. */
export function formatCounts(counts: RoomCounts): string {
  const lines: string[] = [`${counts.room}: ${counts.files} files`];
  const flat = counts.innerRooms.every((r) => r.name === "");
  if (!flat) {
    for (const r of counts.innerRooms) {
      const where = r.name === "" ? "directly in the room" : `${r.name}/`;
      const floor = r.floor === undefined ? "not on a floor" : `floor ${r.floor}`;
      const names = r.files.map((f) => f.slice(r.name === "" ? 0 : r.name.length + 1));
      lines.push(`  ${where} (${floor}): ${r.files.length} files: ${names.join(", ")}`);
    }
  }
  lines.push(
    `arrows: ${counts.arrows} (type-only ${counts.typeOnlyArrows}${flat ? "" : `, between inner rooms ${counts.betweenInnerRooms}`})`,
    `floors the arrows give the files: ${counts.floors}`,
    `arrows running upward: ${counts.upward.length}`,
    ...counts.upward.map((a) => `  ${a.from} → ${a.to}${a.typeOnly ? " (type-only)" : ""}: ${a.why}`),
  );
  const passing = counts.circles.filter((c) => c.passesValues).length;
  lines.push(
    `circles: ${counts.circles.length} (passing values ${passing}, only types ${counts.circles.length - passing})`,
    ...counts.circles.map(
      (c) => `  ${c.passesValues ? "values" : "types"}: ${c.path.join(" → ")} (files: ${c.files.join(", ")})`,
    ),
  );
  return lines.join("\n");
}
