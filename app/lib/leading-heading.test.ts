import { describe, expect, it } from "vitest";
import { leadingHeading } from "./leading-heading.ts";

describe("leadingHeading", () => {
  it("takes the <h2> a text opens with, and leaves the rest", () => {
    expect(leadingHeading("<h2>About the Word Counter</h2>\n<p>Counts words.</p>")).toEqual({ heading: "About the Word Counter", rest: "<p>Counts words.</p>" });
    expect(leadingHeading('  <h2 class="x">About <em>it</em></h2><p>a</p>')).toEqual({ heading: "About <em>it</em>", rest: "<p>a</p>" });
  });

  it("gives null for a text that opens otherwise, or with an empty heading", () => {
    expect(leadingHeading("<p>Intro</p><h2>Later</h2>")).toBeNull();
    expect(leadingHeading("<h3>Small</h3><p>a</p>")).toBeNull();
    expect(leadingHeading("<h2> </h2><p>a</p>")).toBeNull();
    expect(leadingHeading("")).toBeNull();
  });
});
