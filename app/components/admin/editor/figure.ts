// An image with a caption: <figure><img><figcaption>…</figcaption></figure>, which the public
// sanitiser keeps. Inserted by "Choose from library" for an image whose caption is set; the
// caption stays editable text in the post.
import { Node } from "@tiptap/react";

export const Figcaption = Node.create({
  name: "figcaption",
  content: "inline*",
  marks: "",
  defining: true,
  parseHTML: () => [{ tag: "figcaption" }],
  renderHTML: () => ["figcaption", 0],
});

export const Figure = Node.create({
  name: "figure",
  group: "block",
  content: "image figcaption?",
  draggable: true,
  isolating: true,
  parseHTML: () => [{ tag: "figure" }],
  renderHTML: () => ["figure", 0],
});

/** The editor content of a library image: a figure when it has a caption, else the image alone. */
export function imageContent(image: { src: string; alt: string; caption: string }) {
  const img = { type: "image", attrs: { src: image.src, alt: image.alt } };
  const caption = image.caption.trim();
  return caption ? { type: "figure", content: [img, { type: "figcaption", content: [{ type: "text", text: caption }] }] } : img;
}
