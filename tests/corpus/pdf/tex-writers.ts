// LaTeX and groff sources for the PDF corpus: the layouts a research paper gets from pdflatex (a
// two-column article with its title and abstract across both columns, a figure* caption, footnotes,
// a table in a column; a three-column multicol page) and from groff's ms macros (.2C). The text is
// the numbered sentences of odt-writers.ts.
import { paragraph } from "./odt-writers.ts";

const para = (name: string, from: number, count: number): string => paragraph(name, from, count) + "\n\n";

export function latexTwoColumn(): string {
  return String.raw`\documentclass[twocolumn,10pt]{article}
\usepackage[margin=2cm]{geometry}
\begin{document}
\title{Reading Order of Two Column Articles}
\author{A. Author \and B. Writer}
\date{}
\twocolumn[\maketitle\begin{abstract}` +
    paragraph("abstract", 1, 5) +
    String.raw`\end{abstract}\vspace{1em}]
\section{Introduction}
` +
    paragraph("intro", 1, 6) +
    String.raw`\footnote{A footnote about the introduction.} ` +
    para("intro", 7, 8) +
    para("intro", 15, 9) +
    String.raw`\begin{figure*}[t]\centering\rule{12cm}{2cm}\caption{A full width figure whose caption crosses both columns of the page.}\end{figure*}
\section{Method}
` +
    para("method", 1, 10) +
    String.raw`\begin{tabular}{lrr}Name & Runs & Time\\ \hline alpha & 12 & 340\\ beta & 7 & 512\\ \end{tabular}

` +
    para("method", 11, 9) +
    String.raw`\section{Results}
` +
    para("results", 1, 12) +
    para("results", 13, 10) +
    String.raw`\end{document}
`;
}

export function latexThreeColumns(): string {
  const stories = [1, 2, 3, 4, 5, 6].map((n) => String.raw`\subsection*{Story ${n}}` + "\n" + paragraph(`story${n}`, 1, 5) + "\n\n" + paragraph(`story${n}`, 6, 4) + "\n\n").join("");
  return String.raw`\documentclass[10pt]{article}
\usepackage[margin=1.5cm]{geometry}
\usepackage{multicol}
\begin{document}
\section*{The Three Column Bulletin}
` +
    paragraph("lead", 1, 3) +
    String.raw`
\begin{multicols}{3}
` +
    stories +
    String.raw`\end{multicols}
\end{document}
`;
}

/** groff ms: title, author and abstract across the page, then two columns (.2C) with numbered headings. */
export function groffTwoColumn(): string {
  return [
    ".TL",
    "Reading Order in Troff Documents",
    ".AU",
    "A. Author",
    ".AB",
    paragraph("abstract", 1, 4),
    ".AE",
    ".2C",
    ".NH",
    "Introduction",
    ".PP",
    paragraph("intro", 1, 10),
    ".PP",
    paragraph("intro", 11, 10),
    ".NH",
    "Method",
    ".PP",
    paragraph("method", 1, 12),
    ".PP",
    paragraph("method", 13, 10),
    ".NH",
    "Results",
    ".PP",
    paragraph("results", 1, 12),
    "",
  ].join("\n");
}
