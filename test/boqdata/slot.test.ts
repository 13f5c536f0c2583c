// The runtime's one data path: made once, found by every chunk through the registered symbol, its
// results forgotten by Refresh BOQ.
import {
  forgetBoqResults,
  installBoqData,
  installedBoqData,
  pullBoq,
  setBoqDataForTests,
} from "../../src/boqdata";
import { estimate } from "../boq/rows";
import { fakeData, newPlatform } from "./fakes";

afterEach(() => setBoqDataForTests(undefined));

it("makes the data path once and gives every caller the same one", () => {
  expect(installedBoqData()).toBeUndefined();
  const { data } = fakeData(newPlatform([]));
  const create = jest.fn(() => data);
  expect(installBoqData(create)).toBe(data);
  expect(installBoqData(create)).toBe(data);
  expect(create).toHaveBeenCalledTimes(1);
  // Another chunk's copy of the module finds it under the same registered symbol.
  expect((globalThis as Record<symbol, unknown>)[Symbol.for("boq-bridge.boq-data")]).toBe(data);
});

it("forgets every kept result on Refresh, and does nothing before the first use", async () => {
  expect(() => forgetBoqResults()).not.toThrow();
  const platform = newPlatform(estimate());
  const { data } = fakeData(platform);
  setBoqDataForTests(data);
  const request = {
    company: { kind: "name", name: "Northwind" },
    project: { kind: "name", name: "Tower" },
    model: { kind: "name", name: "Frame" },
    scheme: "Main",
    version: "1.1",
    parents: true,
  } as const;
  await pullBoq(data, request);
  forgetBoqResults();
  await pullBoq(data, request);
  expect(platform.calls).toHaveLength(6);
});
