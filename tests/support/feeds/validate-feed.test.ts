import { describe, expect, it } from "vitest";
import { readRss, xmllintRssErrors } from "./validate-feed.ts";

const feed = (channel: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel>${channel}</channel></rss>`;
const GOOD = "<title>T</title><link>https://x.test/</link><description>D</description>";
const ITEM = "<item><title>I</title><link>https://x.test/i</link><pubDate>Sat, 07 Sep 2002 09:42:31 GMT</pubDate></item>";

// the judge must be able to say no: each broken feed is refused
describe("the feed checks", () => {
  it("accept a minimal RSS 2.0 feed", () => {
    expect(xmllintRssErrors(feed(GOOD + ITEM))).toEqual([]);
    expect(readRss(feed(GOOD + ITEM)).items).toHaveLength(1);
  });
  it.each([
    ["ill-formed XML", feed(GOOD + "<item><title>I</item>")],
    ["a channel without a title", feed(GOOD.replace("<title>T</title>", ""))],
    ["two channel links", feed(GOOD + "<link>https://x.test/2</link>")],
    ["a pubDate that is not RFC 822", feed(GOOD + ITEM.replace("Sat, 07 Sep 2002 09:42:31 GMT", "2002-09-07T09:42:31Z"))],
    ["a relative item link", feed(GOOD + ITEM.replace("https://x.test/i", "/i"))],
    ["an element RSS does not define", feed(GOOD + "<summary>x</summary>")],
  ])("xmllint refuses %s", (_, xml) => {
    expect(xmllintRssErrors(xml)).not.toEqual([]);
  });
  it("the reader refuses an item with neither title nor description", () => {
    expect(() => readRss(feed(GOOD + "<item><link>https://x.test/i</link><pubDate>Sat, 07 Sep 2002 09:42:31 GMT</pubDate></item>"))).toThrow(/neither/);
  });
});
