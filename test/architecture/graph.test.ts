// The counter of a room's structure (graph.ts) on small graphs whose counts are known by hand, and
// src/import held to its inner floors: no circle, least of all one that passes values, and no
// arrow running upward (`npm run counts -- src/import` prints the counts).
import {
  againstFloors,
  circleBreakers,
  circles,
  countRoom,
  fileFloors,
  roomImports,
  type Arrow,
  type RoomCounts,
} from "./graph";
import { createSrcProgram, INNER_FLOORS } from "./rooms";

const value = (from: string, to: string): Arrow => ({ from, to, typeOnly: false });
const type = (from: string, to: string): Arrow => ({ from, to, typeOnly: true });

describe("the counter, on graphs counted by hand", () => {
  it("finds a circle and whether values pass round it", () => {
    const files = ["a.ts", "b.ts", "c.ts", "d.ts"];
    expect(circles(files, [value("a.ts", "b.ts"), value("b.ts", "c.ts"), value("c.ts", "a.ts")])).toEqual([
      { files: ["a.ts", "b.ts", "c.ts"], passesValues: true, path: ["a.ts", "b.ts", "c.ts", "a.ts"] },
    ]);
    // One arrow back is type-only: the values go one way, the circle passes only types.
    expect(circles(files, [value("a.ts", "b.ts"), type("b.ts", "a.ts"), value("c.ts", "d.ts")])).toEqual([
      { files: ["a.ts", "b.ts"], passesValues: false, path: ["a.ts", "b.ts", "a.ts"] },
    ]);
    expect(circles(files, [value("a.ts", "b.ts"), value("b.ts", "c.ts")])).toEqual([]);
  });

  it("breaks circles at the fewest arrows", () => {
    // Two circles through s: s ⇄ h and s ⇄ l, and l → h → s → l: two arrows at least.
    const files = ["h.ts", "l.ts", "s.ts"];
    const arrows = [
      type("h.ts", "s.ts"),
      type("l.ts", "h.ts"),
      type("l.ts", "s.ts"),
      type("s.ts", "h.ts"),
      value("s.ts", "l.ts"),
    ];
    expect(circleBreakers(files, arrows)).toHaveLength(2);
    expect(circleBreakers(files, [value("h.ts", "s.ts")])).toEqual([]);
  });

  it("puts a circle's files on one floor, the others one above what they import", () => {
    const floors = fileFloors(
      ["a.ts", "b.ts", "c.ts", "d.ts"],
      [value("a.ts", "b.ts"), value("b.ts", "a.ts"), value("b.ts", "c.ts"), value("d.ts", "a.ts")],
    );
    expect(Object.fromEntries(floors)).toEqual({ "c.ts": 0, "a.ts": 1, "b.ts": 1, "d.ts": 2 });
  });

  it("counts the arrows against the inner floors: same floor, upward, or a room not on a floor", () => {
    const floors = [["model"], ["store", "words"], ["jobs"]];
    const arrows = [
      value("jobs/send.ts", "model/state.ts"),
      value("model/state.ts", "model/said.ts"),
      type("model/state.ts", "jobs/journey.ts"),
      value("store/history.ts", "words/reasonWords.ts"),
      value("pipeline.ts", "jobs/send.ts"),
      value("jobs/send.ts", "pipeline.ts"),
      value("annex/x.ts", "model/state.ts"),
    ];
    expect(againstFloors(arrows, floors)).toEqual([
      type("model/state.ts", "jobs/journey.ts"),
      value("store/history.ts", "words/reasonWords.ts"),
      value("jobs/send.ts", "pipeline.ts"),
      value("annex/x.ts", "model/state.ts"),
    ]);
  });

  it("counts a room: files per inner room, arrows, floors, upward arrows, circles", () => {
    const counts = countRoom(
      {
        room: "src/x",
        files: ["index.ts", "jobs/a.ts", "model/b.ts", "model/c.ts"],
        arrows: [
          value("index.ts", "jobs/a.ts"),
          value("jobs/a.ts", "model/b.ts"),
          type("model/b.ts", "model/c.ts"),
          type("model/c.ts", "jobs/a.ts"),
        ],
      },
      [["model"], ["jobs"]],
    );
    expect(counts).toMatchObject({
      files: 4,
      innerRooms: [
        { name: "model", floor: 0, files: ["model/b.ts", "model/c.ts"] },
        { name: "jobs", floor: 1, files: ["jobs/a.ts"] },
        { name: "", floor: 2, files: ["index.ts"] },
      ],
      arrows: 4,
      typeOnlyArrows: 2,
      betweenInnerRooms: 3,
      floors: 4,
      upward: [{ from: "model/c.ts", to: "jobs/a.ts", why: "against the floors" }],
      circles: [{ files: ["jobs/a.ts", "model/b.ts", "model/c.ts"], passesValues: false }],
    });
  });
});

describe("src/import, counted from its imports", () => {
  let counts: RoomCounts;

  beforeAll(() => {
    counts = countRoom(roomImports(createSrcProgram(), "src/import"), INNER_FLOORS["import"]);
  });

  it("has its files in its inner rooms, on the inner floors of rooms.ts", () => {
    expect(counts.innerRooms.map((r) => [r.name, r.floor])).toEqual([
      ["model", 0],
      ["store", 1],
      ["words", 1],
      ["jobs", 2],
      ["", 3],
    ]);
    expect(counts.innerRooms.find((r) => r.name === "")?.files).toEqual(["index.ts", "pipeline.ts"]);
    expect(counts.arrows).toBeGreaterThan(100);
  });

  it("has no circle that passes values", () => {
    expect(counts.circles.filter((c) => c.passesValues)).toEqual([]);
  });

  it("has no circle of types either, and no arrow running upward", () => {
    expect(counts.circles).toEqual([]);
    expect(counts.upward).toEqual([]);
  });
});
