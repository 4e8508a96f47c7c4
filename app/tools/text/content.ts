import type { ToolContentBySlug } from "../types.ts";

// Catalogue copy (seeded into the tools table on first start). Server-only: the pages read it from the DB.
// HTML uses only h2, h3, p, ul, ol, li, strong, em and relative links.

export const content: ToolContentBySlug = {
  "word-counter": {
    name: "Word Counter",
    description:
      "Count the words, characters and sentences in any text instantly, and switch it to UPPERCASE, lowercase or Title Case.",
    icon: "📝",
    searchVolume: 29000,
    rank: 87,
    isFeatured: false,
    metaDescription:
      "Count words, characters and sentences in any text instantly for essays, articles and posts. Convert case with one click. Free, private and runs in your browser.",
    metaKeywords:
      "word counter, word count, count words, character count, sentence counter, essay word count, uppercase lowercase title case",
    content: `<h2>About the Word Counter</h2>
<p>Essays, job applications, articles, abstracts and social media posts often come with a word or character limit. Paste or type your text into this tool and it shows the number of <strong>words</strong>, <strong>characters</strong> and <strong>sentences</strong> straight away, updating as you edit.</p>
<p>Three buttons change the case of your text: <strong>UPPERCASE</strong>, <strong>lowercase</strong> and <strong>Title Case</strong>. The converted version appears in the output box, ready to copy.</p>
<ul>
<li>Paste or type your text in the input box.</li>
<li>Read the word, character and sentence counts.</li>
<li>Optionally change the case and copy the output.</li>
</ul>
<p>Your text is counted in your browser and never sent to a server, so drafts, confidential reports and unpublished work stay private. Word counts can differ slightly between programs, mainly in how they treat hyphenated words, numbers and symbols, so leave a small margin when you are close to a strict limit.</p>`,
    blogContent: `<h2>Why word counts matter</h2>
<p>Word limits keep writing focused. Schools and universities set them for essays, journals set them for abstracts, and editors use them to plan the length of an article. Counting by hand is slow and error-prone, which is why a counter is one of the most used writing tools.</p>
<h3>Tips for hitting a word limit</h3>
<ul>
<li>Write first, cut later: remove filler such as "very", "really" and "in order to".</li>
<li>Replace long phrases with single words: "due to the fact that" becomes "because".</li>
<li>Check each paragraph has one clear job.</li>
</ul>
<p>Need a limit in characters rather than words, as on social media or in meta descriptions? Use the <a href="/tool/character-counter">Character Counter</a>.</p>`,
  },
  "text-reverser": {
    name: "Text Reverser",
    description:
      "Reverse any text so it reads backwards, character by character, and change its case to UPPERCASE, lowercase or Title Case.",
    icon: "🔁",
    searchVolume: 2200,
    rank: 49,
    isFeatured: false,
    metaDescription:
      "Reverse text instantly so it reads backwards, for puzzles, palindromes, games and testing. Change case with one click. Free and private, runs in your browser.",
    metaKeywords:
      "text reverser, reverse text, backwards text, reverse string, mirror text, palindrome checker, flip text",
    content: `<h2>About the Text Reverser</h2>
<p>This tool takes the text you type or paste and writes it out backwards, so the last character comes first. "Hello world" becomes "dlrow olleH". It is quick, simple and handy for more things than you might expect.</p>
<p>As well as reversing, you can convert the text to <strong>UPPERCASE</strong>, <strong>lowercase</strong> or <strong>Title Case</strong> with one click, and copy the result from the output box.</p>
<ul>
<li>Type or paste your text in the input box.</li>
<li>Read the reversed text in the output.</li>
<li>Change the case if you like, then copy the result.</li>
</ul>
<p>Common uses include checking palindromes, creating puzzles and escape-room clues, writing playful messages, and testing how software handles unusual input. The text is processed in your browser and never leaves your device.</p>`,
    blogContent: `<h2>Fun with backwards text</h2>
<p>Reversed writing has a long history. Leonardo da Vinci filled his notebooks with mirror writing, and puzzle makers have always enjoyed hiding messages by reversing them.</p>
<h3>Palindromes</h3>
<p>A palindrome reads the same forwards and backwards, such as "level", "racecar" or "Was it a car or a cat I saw?". To test a phrase, reverse it and compare, ignoring spaces, punctuation and capital letters. Converting both versions to lowercase first makes the comparison easier.</p>
<h3>For developers</h3>
<p>Reversing strings is a classic programming exercise and a useful test for how an application handles accented letters and other special characters.</p>`,
  },
  "character-counter": {
    name: "Character Counter",
    description:
      "Count characters with and without spaces for tweets, SMS, meta descriptions and form fields, and change the text's case with one click.",
    icon: "🔤",
    searchVolume: 18000,
    rank: 79,
    isFeatured: false,
    metaDescription:
      "Count characters with and without spaces for posts, SMS, meta descriptions and forms. Change case with one click. Free and private, works right in your browser.",
    metaKeywords:
      "character counter, character count, letter counter, count characters, characters without spaces, tweet length, meta description length",
    content: `<h2>About the Character Counter</h2>
<p>Many places limit text by characters rather than words: social media posts, text messages, ad headlines, meta descriptions, usernames and database fields. Paste your text into this tool to see how many characters it contains, both <strong>with spaces</strong> and <strong>without spaces</strong>.</p>
<p>You can also convert the text to <strong>UPPERCASE</strong>, <strong>lowercase</strong> or <strong>Title Case</strong> and copy the result from the output box.</p>
<ul>
<li>Paste or type your text.</li>
<li>Read the character count with and without spaces.</li>
<li>Trim or rewrite until you are within your limit.</li>
</ul>
<p>Counting happens in your browser, so nothing you type is sent anywhere. Note that some platforms count certain characters differently; emoji and some non-Latin characters may use more than one unit of a limit, so leave a little margin.</p>`,
    blogContent: `<h2>Common character limits</h2>
<ul>
<li><strong>Meta descriptions</strong>: search engines typically show around 150 to 160 characters before cutting the text off.</li>
<li><strong>SMS</strong>: a single text message holds 160 characters in the standard GSM alphabet; using emoji or some accented letters reduces that to 70.</li>
<li><strong>Posts on X</strong>: 280 characters for standard accounts.</li>
<li><strong>Page titles</strong>: roughly 50 to 60 characters are shown in search results.</li>
</ul>
<h3>With or without spaces?</h3>
<p>Most platforms count spaces. Some translation and typesetting quotes are based on characters without spaces, which is why both numbers are shown. For word-based limits, use the <a href="/tool/word-counter">Word Counter</a>.</p>`,
  },
};
