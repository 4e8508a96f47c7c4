import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";

const SCHEMA = path.join(import.meta.dirname, "rss-2.0.xsd");

/**
 * An RSS document checked by libxml2's xmllint (not by our code): well-formed, and valid against the
 * RSS 2.0 schema beside this file. Returns xmllint's complaints, [] when it validates.
 */
export function xmllintRssErrors(xml: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "feed-"));
  const file = path.join(dir, "feed.xml");
  try {
    fs.writeFileSync(file, xml);
    const run = spawnSync("xmllint", ["--noout", "--nonet", "--schema", SCHEMA, file], { encoding: "utf8" });
    if (run.error) throw run.error;
    return run.status === 0 ? [] : run.stderr.split("\n").filter((line) => line.trim() && !line.endsWith("fails to validate"));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface ReadItem {
  title: string;
  link: string;
  guid: string;
  published: Date;
  categories: string[];
  summary: string;
  /** content:encoded, decoded: the HTML a reader shows for the full post */
  content: string | undefined;
}

export interface ReadFeed {
  title: string;
  link: string;
  description: string;
  selfLink: string | undefined;
  items: ReadItem[];
}

/** An element's text, whether the parser gave a string or an object with attributes. */
const text = (v: unknown) => (typeof v === "object" && v !== null ? String((v as Record<string, unknown>)["#text"] ?? "") : String(v ?? ""));
const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * The feed as a reader sees it, parsed by fast-xml-parser (entities decoded, namespaces by prefix):
 * every item must have a title or description, an absolute link and a pubDate a Date can read.
 */
export function readRss(xml: string): ReadFeed {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false, trimValues: false, processEntities: true });
  const doc = parser.parse(xml) as { rss?: { "@version"?: string; channel?: Record<string, unknown> } };
  if (doc.rss?.["@version"] !== "2.0" || !doc.rss.channel) throw new Error("not an RSS 2.0 document");
  const channel = doc.rss.channel;
  const items = asList(channel.item as Record<string, unknown> | Record<string, unknown>[] | undefined).map((item) => {
    const published = new Date(text(item.pubDate));
    if (Number.isNaN(published.getTime())) throw new Error(`unreadable pubDate: ${text(item.pubDate)}`);
    if (!text(item.title) && !text(item.description)) throw new Error("an item with neither title nor description");
    const link = text(item.link);
    if (!/^https?:\/\//.test(link)) throw new Error(`not an absolute link: ${link}`);
    return {
      title: text(item.title),
      link,
      guid: text(item.guid),
      published,
      categories: asList(item.category).map(text),
      summary: text(item.description),
      content: item["content:encoded"] === undefined ? undefined : text(item["content:encoded"]),
    };
  });
  const self = asList(channel["atom:link"] as Record<string, string> | Record<string, string>[] | undefined).find((l) => l["@rel"] === "self");
  return { title: text(channel.title), link: text(channel.link), description: text(channel.description), selfLink: self?.["@href"], items };
}
