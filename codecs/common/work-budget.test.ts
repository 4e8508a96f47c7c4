import { describe, expect, it } from "vitest";
import { WorkBudget } from "./work-budget.ts";

class Refused extends Error {}

describe("WorkBudget", () => {
  it("counts the units charged and refuses with the codec's error once past the limit", () => {
    const budget = new WorkBudget(10);
    budget.charge(4, () => new Refused());
    budget.charge(6, () => new Refused());
    expect(budget.spent).toBe(10);
    expect(() => budget.charge(1, () => new Refused("eleven"))).toThrow(Refused);
    expect(budget.spent).toBe(11);
  });

  it("has no ceiling by default and refuses a negative or NaN limit", () => {
    const budget = new WorkBudget();
    budget.charge(2 ** 40, () => new Refused());
    expect(budget.spent).toBe(2 ** 40);
    expect(() => new WorkBudget(-1)).toThrow(RangeError);
    expect(() => new WorkBudget(Number.NaN)).toThrow(RangeError);
  });
});
