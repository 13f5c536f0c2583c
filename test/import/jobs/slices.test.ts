// The pipeline's driver of the engine's steps: the pane pauses whenever a slice has run SLICE_MS,
// tests (no pause given) run the check at once; the body is serialized in steps into a Blob.
import { createEmulatedExcel } from "../../../dev/office-emulation";
import { generateCatalog } from "../../../bench/generate";
import { runSteps, STEP_ITEMS, type ImportBody, type Steps } from "../../../src/catalog";
import { importBodyBlobInSteps, runInSlices, SLICE_MS } from "../../../src/import";
import { countPauses } from "../../catalog/helpers";
import { DONE, JOB, LOG, follower } from "../fakePlatform";

function* counting(steps: number, clock: { t: number }): Steps<number> {
  for (let i = 0; i < steps; i++) {
    clock.t += 1; // each step takes 1 ms by this clock
    yield;
  }
  return steps;
}

describe("runInSlices", () => {
  it("pauses once per SLICE_MS of work and returns the steps' result", async () => {
    const clock = { t: 0 };
    let pauses = 0;
    const result = await runInSlices(
      counting(10 * SLICE_MS, clock),
      () => {
        pauses += 1;
        return Promise.resolve();
      },
      () => clock.t,
    );
    expect(result).toBe(10 * SLICE_MS);
    // One before the first step, then one per SLICE_MS of work.
    expect(pauses).toBeGreaterThanOrEqual(10);
    expect(pauses).toBeLessThanOrEqual(11);
  });

  it("starts in a task of its own: two runs one after the other never share a slice", async () => {
    // The analysis to send and then its body run one after the other: without a pause before the
    // second's first step, its slice would continue the first's last one in the same task.
    const clock = { t: 0 };
    const events: string[] = [];
    const pause = (): Promise<void> => {
      events.push("pause");
      return Promise.resolve();
    };
    function* logged(name: string): Steps<void> {
      for (let i = 0; i < SLICE_MS - 1; i++) {
        clock.t += 1;
        events.push(name);
        yield;
      }
    }
    await runInSlices(logged("a"), pause, () => clock.t);
    await runInSlices(logged("b"), pause, () => clock.t);
    expect(events.indexOf("pause", events.lastIndexOf("a"))).toBeLessThan(events.indexOf("b"));
    expect(events[0]).toBe("pause");
  });

  it("never pauses without a pause function", async () => {
    const clock = { t: 0 };
    await expect(runInSlices(counting(5 * SLICE_MS, clock), undefined, () => clock.t)).resolves.toBe(
      5 * SLICE_MS,
    );
  });
});

describe("importBodyBlobInSteps", () => {
  const body = (positions: number): ImportBody => ({
    Settings: { CatalogName: "Прайс", CompanyId: "c1" },
    Data: Array.from({ length: positions }, (_, i) => ({
      Code: `1.${i}`,
      Name: `Бетон В25 — позиция ${i} "м3"`,
      Price: i + 0.25,
    })),
    DeletedData: [{ Code: "9" }],
  });

  it("is the body's JSON as UTF-8, typed as JSON, encoded a part at a time", async () => {
    const b = body(STEP_ITEMS * 3);
    const { pauses, value } = countPauses(importBodyBlobInSteps(b));
    expect(value.type).toBe("application/json");
    expect(await value.text()).toBe(JSON.stringify(b));
    expect(value.size).toBe(new TextEncoder().encode(JSON.stringify(b)).byteLength);
    // A pause after each part of the JSON, encoded as it is written: three of positions, one of deletions.
    expect(pauses).toBe(4);
  });

  it("keeps every byte of a body larger than one group of bytes", async () => {
    const b = body(100_000);
    const blob = runSteps(importBodyBlobInSteps(b));
    expect(blob.size).toBeGreaterThan(8 * 1024 * 1024);
    expect(JSON.parse(await blob.text())).toEqual(b);
  });

  it("keeps every byte of a part too long for its buffer, and of the parts around it", async () => {
    // A step of positions whose names fill their cells (32,767 characters, two bytes each in
    // UTF-8): one part of 8 million characters, beside short parts before and after it.
    const b = body(STEP_ITEMS * 3);
    const long = "Ж".repeat(32_767);
    for (let i = STEP_ITEMS; i < 2 * STEP_ITEMS; i++) (b.Data[i] as { Name?: string }).Name = `${long}${i}`;
    const blob = runSteps(importBodyBlobInSteps(b));
    expect(blob.size).toBe(new TextEncoder().encode(JSON.stringify(b)).byteLength);
    expect(await blob.text()).toBe(JSON.stringify(b));
  });
});

describe("the import from the check to the POST, in slices", () => {
  it("reads, checks, previews, compares the cells again and serializes the body with pauses, and posts that body", async () => {
    const { block } = generateCatalog(3000);
    const excel = createEmulatedExcel({ sheets: { Catalog: block.values } });
    excel.select("Catalog", `A1:I${block.values.length}`);
    let pauses = 0;
    let clock = 0;
    let pausesAtPosting: number | null = null;
    let pausesAtPost: number | null = null;
    const posted: Array<{ body: ImportBody; json: Blob }> = [];
    const h = follower([DONE], [LOG], {
      excel: (batch) => excel.run(batch),
      // Each look at the clock is a tenth of a slice of work: a slice is ten steps.
      sliceClock: () => (clock += SLICE_MS / 10),
      pause: () => {
        pauses += 1;
        return Promise.resolve();
      },
      api: {
        startImport: (request) => {
          pausesAtPost = pauses;
          if (!("json" in request)) throw new Error("The pipeline posts the body serialized beforehand.");
          posted.push(request);
          return Promise.resolve({ jobId: JOB });
        },
        pollImportStatusByJobId: () => Promise.resolve(DONE),
        getImportStatusByRoot: () => Promise.reject(new Error("not asked")),
        getImportLog: () => Promise.resolve(LOG),
      },
    });
    h.pipeline.subscribe((state) => {
      if (state.phase === "posting" && pausesAtPosting === null) pausesAtPosting = pauses;
    });
    h.pipeline.setChoices({ catalogName: "Slices", companyId: "c1", companyName: "C", skipErrorRows: true });
    await h.pipeline.readSelection();
    expect(h.pipeline.getState().phase).toBe("checked");
    await h.pipeline.preview();
    expect(h.pipeline.getState().phase).toBe("previewed");
    const pausesAtStart = pauses;
    await h.pipeline.start();
    expect(posted).toHaveLength(1);
    const sent = posted[0]!;
    expect(sent.body).toBe(h.pipeline.previewBody());
    expect(await sent.json.text()).toBe(JSON.stringify(sent.body));
    // Slices of ten steps: the cells compared again (3,000 rows, 11 steps) before "posting", then
    // the body serialized (12 parts of positions and one of deletions, each encoded as written).
    expect(pausesAtPosting! - pausesAtStart).toBeGreaterThanOrEqual(1);
    expect(pausesAtPost! - pausesAtPosting!).toBeGreaterThanOrEqual(1);
  });
});
