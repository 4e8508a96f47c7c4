import type { SeedContentSection, SeedPage } from "./types.ts";

// Static pages and SEO content sections published on first start.
// HTML uses h2, h3, p, ul, ol, li, strong, em and relative links; {{site_name}} is the site name
// setting (site-name-token.ts), so a renamed site's seeded text follows (decision 042).

export const seedPages: SeedPage[] = [
  {
    slug: "about",
    title: "About Us",
    excerpt:
      "Free converters and calculators that run in your browser, so your files stay on your own device.",
    content: `<h2>Free tools that respect your files</h2>
<p>{{site_name}} started with a single, practical problem: game textures in DirectDraw Surface format that ordinary image viewers cannot open. Converting them should not require installing a texture toolkit or uploading game assets to a stranger's server. So we built a converter that runs entirely in the browser, and then kept going.</p>
<p>Today the site offers a collection of free converters and calculators:</p>
<ul>
<li><strong>Image tools</strong> for DDS, PNG, JFIF, ICO, AVIF, SVG, PSB and TIFF files.</li>
<li><strong>Audio and video converters</strong> for MP3, WAV, OGG, M4A, FLAC, MP4, AVI, WebM, MKV, MIDI and more.</li>
<li><strong>E-book and document tools</strong> for EPUB, AZW3, MOBI, FB2, PDF, DOCX, XML, JSON and CSV.</li>
<li><strong>Calculators</strong> for length, weight, rotation, power, refrigeration and time zones.</li>
<li><strong>Text utilities</strong> for counting words and characters, reversing text and changing case.</li>
</ul>

<h2>How it works</h2>
<p>Every conversion happens on your own device. When you open a tool, your browser loads the code it needs, such as our DDS decoder, a PDF library or ffmpeg compiled to WebAssembly, from this site. Your file is read on your device, converted locally and offered back as a download. It is never uploaded, and nobody else sees it.</p>
<p>That approach has one honest limit: your device does the work. Images and documents are read into memory, so their size depends on it; audio and video are read in slices, and a large video's output can be written straight to disk, so files of several gigabytes work in browsers that allow it. When a file is too large, the tool tells you clearly rather than failing silently.</p>

<h2>What we believe in</h2>
<ul>
<li><strong>Real results.</strong> Every tool produces a genuine file in the target format, not a renamed copy.</li>
<li><strong>Privacy by design.</strong> Files stay on your device, and the tools need no account.</li>
<li><strong>Free for everyone.</strong> No sign-up, no watermarks, no trial periods.</li>
<li><strong>Plain explanations.</strong> Each tool page explains what it does, which factors or offsets it uses, and where its limits are.</li>
</ul>
<p>The site is built as self-hostable software, so the same tools can run on a company intranet or a personal server as well as on the public web.</p>
<p>Have an idea for a new tool or found something that does not work as expected? Visit the <a href="/page/contact">contact page</a>. You can also browse <a href="/tools">all tools</a> or read the <a href="/blog">blog</a> for guides and tips.</p>`,
  },
  {
    slug: "privacy-policy",
    title: "Privacy Policy",
    excerpt:
      "Your files are processed in your browser and never uploaded. This page explains the little data the site does store and the cookies it uses.",
    content: `<h2>Our approach</h2>
<p>This site is built so that it needs as little of your data as possible. This policy explains what is processed, what is stored and which cookies are used.</p>

<h2>Your files</h2>
<p>All converters and calculators run locally in your web browser. When you choose a file, it is read into your device's memory, converted there and offered back to you as a download. <strong>Your files are never uploaded to our server</strong> or to anyone else, and we cannot see, store or recover them. The same applies to text you paste into the text tools and to the values you type into calculators.</p>
<p>The code that performs conversions, including the audio and video engine, is served from this site itself, so using a tool does not contact any third-party service.</p>

<h2>What the site stores</h2>
<p>The site's database holds only:</p>
<ul>
<li><strong>Administrator accounts</strong>: e-mail address, a securely hashed password, role and sign-in sessions for the people who manage the site.</li>
<li><strong>Content</strong>: tool descriptions, blog posts, pages, menus and images uploaded by administrators.</li>
<li><strong>Settings</strong>: the site's name, appearance, SEO and advertising configuration.</li>
</ul>
<p>Visitors do not need an account, and we do not build profiles of visitors. Like most websites, the server hosting this site may keep standard technical logs, such as IP address, requested address and time, for security and troubleshooting.</p>

<h2>Cookies and browser storage</h2>
<ul>
<li><strong>Session cookie</strong>: set only when an administrator signs in, to keep them signed in. Visitors never receive it.</li>
<li><strong>Sidebar state cookie</strong>: remembers whether the admin sidebar is expanded or collapsed, for administrators only.</li>
<li><strong>Theme preference</strong>: remembers whether you prefer the light or dark appearance, stored in your browser.</li>
</ul>
<p>None of these is used for tracking or advertising.</p>

<h2>Analytics and advertising</h2>
<p>The owner of this site can choose to enable an analytics service or advertising. These are switched off unless the site owner turns them on. If they are enabled, the providers may set their own cookies and collect usage data under their own privacy policies, and this site may ask for your consent where the law requires it.</p>

<h2>Your rights and changes</h2>
<p>Because visitors' files and inputs never reach our server, there is usually no personal data about you for us to access or delete. Administrators can ask for their account to be removed. We may update this policy when the site changes; the current version is always published on this page.</p>
<p>For questions about privacy, use the contact address shown at the bottom of every page.</p>`,
  },
  {
    slug: "terms",
    title: "Terms of Service",
    excerpt:
      "The rules for using our free converters and calculators: use them freely and lawfully, keep your originals, and check important results.",
    content: `<h2>Using this site</h2>
<p>By using this website and its tools you agree to these terms. If you do not agree, please do not use the site.</p>

<h2>The service</h2>
<p>The site offers free converters, calculators and text utilities that run in your web browser. No account is needed to use them. Conversions are performed on your own device, so their speed and the size of file they can handle depend on your browser, your hardware and the memory available. We may add, change or remove tools at any time.</p>

<h2>Your responsibilities</h2>
<ul>
<li>Only convert files that you own or have the right to use and modify. You remain responsible for the content you process.</li>
<li>Do not use the tools to break the law, to infringe copyright or to remove copy protection.</li>
<li>Do not try to disrupt the site, overload it, probe it for weaknesses or access the administration area without permission.</li>
<li>Keep your original files. Converting between formats, especially lossy ones, can reduce quality, and some features of a format may not exist in another.</li>
</ul>

<h2>Accuracy of results</h2>
<p>We work hard to make every tool correct, and each tool page explains the factors, offsets and limits it uses. Unit calculators display results to four decimal places, and the time zone converters apply fixed offsets that do not adjust for daylight saving time. For engineering, medical, legal, financial or safety-critical decisions, verify results independently.</p>

<h2>No warranty</h2>
<p>The tools are provided free of charge, "as is" and "as available", without warranties of any kind, including fitness for a particular purpose or uninterrupted availability. To the extent permitted by law, the operator of this site is not liable for any loss of data, profits or other damage arising from the use of the site or its results.</p>

<h2>Content and links</h2>
<p>The text, design and code of this site are protected by copyright. The blog and tool pages may link to other websites; we are not responsible for their content or practices. If advertising is shown, the advertisers are responsible for their ads.</p>

<h2>Changes</h2>
<p>We may update these terms from time to time. The version published on this page applies from the moment it is posted. Questions about these terms can be sent to the contact address shown at the bottom of every page. Please also read our <a href="/page/privacy-policy">Privacy Policy</a>.</p>`,
  },
  {
    slug: "contact",
    title: "Contact",
    excerpt:
      "Questions, bug reports or ideas for new tools? Here is how to reach us and what to include so we can help quickly.",
    content: `<h2>Get in touch</h2>
<p>We are happy to hear from you, whether you found a bug, have a question about a tool, want to suggest a new converter or simply want to say a tool saved you some time.</p>
<p>To reach us, <strong>use the contact address shown at the bottom of every page</strong>. We read every message, and we try to answer questions and bug reports as soon as we can.</p>

<h2>Reporting a problem with a tool</h2>
<p>Because conversions run in your browser, the details of your setup help us a lot. Please include:</p>
<ul>
<li>The name of the tool or the address of its page.</li>
<li>Your browser and its version, and your operating system or device.</li>
<li>The type and approximate size of the file, for example "a 40 MB DDS texture with BC7 compression" or "a 12-minute MP4 video".</li>
<li>What you expected to happen, and what happened instead, including any error message shown.</li>
</ul>
<p><strong>Please do not send us confidential files.</strong> Our tools are designed so that your files never leave your device, and we would like to keep it that way. If a particular file fails, a description is usually enough. If we need a sample, a test file without personal content is ideal.</p>

<h2>Suggesting a tool</h2>
<p>Tell us which format or calculation you need and what you would use it for. Knowing the real task, such as "import textures into a game engine" or "convert invoices for an accounting system", helps us build the right thing.</p>

<h2>Before you write</h2>
<p>Many questions are answered on the tool pages themselves, in the About This Tool and Learn More sections, and in our <a href="/blog">blog</a>. For questions about data and cookies, see the <a href="/page/privacy-policy">Privacy Policy</a>.</p>`,
  },
];

export const seedContentSections: SeedContentSection[] = [
  {
    pageKey: "home_seo",
    title: "Free Online File Converters That Run in Your Browser",
    content: `<p>{{site_name}} is a free collection of file converters and calculators that do all their work inside your web browser. Choose a file, pick a format and download the result. There is no sign-up, no watermark and no waiting in a server queue, because <strong>your files never leave your device</strong>.</p>

<h2>Why in-browser conversion?</h2>
<p>Most online converters upload your file to a remote server and send back the result. Ours load the conversion code into your browser instead and run it on your own computer or phone. That has three clear benefits:</p>
<ul>
<li><strong>Privacy:</strong> contracts, photos, recordings and game assets stay with you. Nothing is uploaded, stored or shared.</li>
<li><strong>Speed:</strong> there is no upload of the original and no download of a server copy, so you skip the transfer time entirely.</li>
<li><strong>Availability:</strong> once a tool has loaded, it keeps working even if your connection drops.</li>
</ul>
<p>The only limit is your device's memory. Very large files get a clear message instead of a crashed tab.</p>

<h2>Texture conversion done properly</h2>
<p>Our headline tool, the <a href="/tool/dds-to-png">DDS to PNG converter</a>, includes a real DirectDraw Surface decoder. It reads legacy and DX10 headers, uncompressed formats and every block-compression format from BC1 to BC7, along with mipmaps, cubemaps and texture arrays. Going the other way, the <a href="/tool/png-to-dds-converter">PNG to DDS converter</a> writes uncompressed RGBA by default, with BC1, BC3 and BC7 compression and mipmap generation as options.</p>

<h2>Much more than textures</h2>
<p>Audio and video converters work for real, covering MP3, WAV, OGG, M4A, AAC, FLAC, WMA, MP4, AVI, WebM, MKV, MOV and FLV: streams that already fit are copied without re-encoding, and the rest is encoded by your browser's own encoders or by ffmpeg compiled to WebAssembly. You will also find tools for icons and favicons, PDF and Word documents, XML, JSON and CSV data, and e-books. Calculators cover length, weight, rotation, RF power, refrigeration and time zones, and text tools count words and characters.</p>
<p>Every tool is free to use. Start with the <a href="/tools">full list of tools</a> or read practical guides on the <a href="/blog">blog</a>.</p>`,
  },
  {
    pageKey: "tools_seo",
    title: "Every Converter and Calculator in One Place",
    content: `<p>This page lists every tool on the site. Use the search box to filter by name, format or category, then open a tool to start. All of them are free, need no account and run entirely in your browser, so the files and values you enter stay on your device.</p>

<h2>What you can do here</h2>
<ul>
<li><strong>Image:</strong> decode DDS textures to PNG and encode PNG back to DDS, convert JFIF to PNG, build multi-size ICO favicons, trace AVIF into SVG, and turn PSB and TIFF files into PDF.</li>
<li><strong>Audio:</strong> convert between MP3, WAV, OGG, M4A, AAC, FLAC and WMA, extract soundtracks from MP4 and FLV videos, and render MIDI to MP3, WAV or OGG with a General MIDI SoundFont.</li>
<li><strong>Video:</strong> convert between MP4, AVI, WebM, MKV, MOV and FLV, including MPEG and MPG to AVI.</li>
<li><strong>E-books:</strong> convert EPUB to AZW3 or MOBI for Kindle readers, and FB2 to EPUB.</li>
<li><strong>Documents and data:</strong> convert PDF, DOCX, TXT, JPG and PNG, and move data between XML, JSON, CSV, HTML and plain text.</li>
<li><strong>Units:</strong> centimetres, millimetres and inches, kilometres and miles, pounds and kilograms, tons and pounds, rad/s and RPM, kilowatts and dBm, BHP and tons of refrigeration.</li>
<li><strong>Time zones:</strong> EST, GMT, EEST, KST, PDT and BST.</li>
<li><strong>Text:</strong> count words and characters, reverse text and change its case.</li>
</ul>

<h2>How to get the best results</h2>
<p>Each tool page explains exactly what it does, including the conversion factor or time offset it uses, with a worked example. Keep your original files, choose the output format for where the file is going, and check important figures before you rely on them. Calculators show results to four decimal places.</p>
<p>Missing a tool you need? Let us know through the <a href="/page/contact">contact page</a>.</p>`,
  },
];
