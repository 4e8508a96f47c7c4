import { describe, expect, it } from "vitest";
import { countWords, readingTimeMinutes } from "./reading-time.ts";

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");

describe("readingTimeMinutes", () => {
  it("defaults to 5 minutes when there are no words", () => {
    expect(readingTimeMinutes("")).toBe(5);
    expect(readingTimeMinutes("   \n\t ")).toBe(5);
    expect(readingTimeMinutes("<p></p><img src=\"/a.png\" alt=\"x\"><br>")).toBe(5);
  });

  it("rounds words / 200 up", () => {
    expect(readingTimeMinutes("hello")).toBe(1);
    expect(readingTimeMinutes(words(199))).toBe(1);
    expect(readingTimeMinutes(words(200))).toBe(1);
    expect(readingTimeMinutes(words(201))).toBe(2);
    expect(readingTimeMinutes(words(400))).toBe(2);
    expect(readingTimeMinutes(words(401))).toBe(3);
    expect(readingTimeMinutes(words(1000))).toBe(5);
  });

  it("does not count tags or their attributes as words", () => {
    const html = `<h2 class="title">Two words</h2><p>and <a href="/tool/dds-to-png" title="a long title here">three more</a>.</p>`;
    expect(countWords(html)).toBe(5);
    expect(readingTimeMinutes(`<p>${words(200)}</p><p>${words(1)}</p>`)).toBe(2);
  });

  it("separates words across adjacent block tags", () => {
    expect(countWords("<p>one</p><p>two</p><ul><li>three</li><li>four</li></ul>")).toBe(4);
    expect(countWords("<h2>Title</h2><p>line<br>break</p><table><tr><td>a</td><td>b</td></tr></table>")).toBe(5);
  });

  it("does not split words on inline tags", () => {
    expect(countWords("<p>un<strong>believ</strong><em>able</em>, <a href=\"/x\">link</a>.</p>")).toBe(2);
  });

  it("splits on any whitespace and ignores comments", () => {
    expect(countWords("one\ttwo\nthree  four\r\nfive")).toBe(5);
    expect(countWords("<!-- a hidden note with words -->visible")).toBe(1);
  });

  it("decodes no entities", () => {
    expect(countWords("a&nbsp;b")).toBe(1);
    expect(countWords("Tom &amp; Jerry")).toBe(3);
  });
});
