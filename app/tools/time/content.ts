import type { ToolContentBySlug } from "../types.ts";

// Catalogue copy (seeded into the tools table on first start). Server-only: the pages read it from the DB.
// HTML uses only h2, h3, p, ul, ol, li, strong, em and relative links.

export const content: ToolContentBySlug = {
  "est-to-gmt-converter": {
    name: "EST to GMT Converter",
    description:
      "Convert Eastern Standard Time (EST, UTC−5) to Greenwich Mean Time (GMT) by adding 5 hours, with correct wrapping past midnight.",
    icon: "🕐",
    searchVolume: 11000,
    rank: 74,
    isFeatured: false,
    metaDescription:
      "Convert Eastern Standard Time to Greenwich Mean Time instantly. Enter a time as HH:MM and the converter adds 5 hours, wrapping past midnight. Free to use.",
    metaKeywords:
      "est to gmt, eastern time to gmt, est to utc, convert est to gmt, new york time to london, time zone converter, eastern standard time",
    content: `<h2>About the EST to GMT Converter</h2>
<p>Scheduling a call between New York and London, reading a server log in UTC, or catching a live stream announced in Eastern time all require the same calculation. This converter turns a time in Eastern Standard Time into Greenwich Mean Time.</p>
<p>EST is 5 hours behind GMT, so the tool <strong>adds 5 hours</strong> to the time you enter in HH:MM format. The clock wraps at 24 hours, so late evening times move into the next day.</p>
<p><strong>Example:</strong> 14:00 EST is 19:00 GMT, and 23:30 EST becomes 04:30 GMT on the following day.</p>
<ul>
<li>Enter a time such as 09:15.</li>
<li>Press Convert to see the GMT time.</li>
</ul>
<p>The offset is fixed. From mid-March to early November the US East Coast uses Eastern Daylight Time (EDT, UTC−4), when the gap to GMT is only 4 hours, and the UK itself switches to BST in summer. Use this tool for dates when both sides are on standard time, or when the source really is quoted in EST.</p>`,
    blogContent: `<h2>EST, EDT and GMT</h2>
<p>Eastern Standard Time is the winter time of the eastern United States and Canada, including New York, Washington, Toronto and Miami. It is defined as UTC−5. In summer those places move their clocks forward to Eastern Daylight Time, UTC−4, although people often keep saying EST.</p>
<p>Greenwich Mean Time is the time at the Royal Observatory in Greenwich, London. For everyday purposes it equals UTC, the reference time used by computers, aviation and science.</p>
<h3>Tip</h3>
<p>When publishing an event time for an international audience, add the UTC or GMT time next to the local one. For the reverse conversion, use the <a href="/tool/gmt-to-est-converter">GMT to EST converter</a>.</p>`,
  },
  "gmt-to-eest-converter": {
    name: "GMT to EEST Converter",
    description:
      "Convert Greenwich Mean Time (GMT) to Eastern European Summer Time (EEST, UTC+3) by adding 3 hours.",
    icon: "🕒",
    searchVolume: 2000,
    rank: 50,
    isFeatured: false,
    metaDescription:
      "Convert Greenwich Mean Time to Eastern European Summer Time instantly. Enter a time as HH:MM and the converter adds 3 hours, wrapping at midnight. Free to use.",
    metaKeywords:
      "gmt to eest, gmt to eastern european summer time, utc to eest, athens time, helsinki time, kyiv time, time zone converter",
    content: `<h2>About the GMT to EEST Converter</h2>
<p>Eastern European Summer Time is used in summer by countries such as Finland, the Baltic states, Ukraine, Romania, Bulgaria, Greece and Cyprus. This converter takes a time in Greenwich Mean Time and tells you what the clocks show there.</p>
<p>EEST is 3 hours ahead of GMT, so the tool <strong>adds 3 hours</strong> to the time you enter in HH:MM format. Times wrap at midnight into the next day.</p>
<p><strong>Example:</strong> 09:00 GMT is 12:00 EEST, and 22:00 GMT becomes 01:00 EEST on the following day.</p>
<ul>
<li>Enter a GMT time such as 16:45.</li>
<li>Press Convert to see the EEST time.</li>
</ul>
<p>The offset is fixed at 3 hours. EEST only applies from the last Sunday of March to the last Sunday of October; in winter the same countries use Eastern European Time (EET, UTC+2), when the difference from GMT is 2 hours.</p>`,
    blogContent: `<h2>Eastern European time zones</h2>
<p>Eastern European Time (EET) is UTC+2. In the European Union and several neighbouring countries, clocks move forward one hour on the last Sunday of March, giving Eastern European Summer Time (EEST, UTC+3), and back again on the last Sunday of October.</p>
<p>Because the United Kingdom changes its clocks on the same dates, the difference between London and Athens or Helsinki stays 2 hours all year. The 3-hour gap applies when comparing EEST with GMT or UTC itself, which is what servers, flight schedules and many online services use.</p>
<h3>Tip</h3>
<p>Booking a meeting with a team in Kyiv or Bucharest? Confirm whether the time you have is in GMT or UK local time first.</p>`,
  },
  "gmt-to-est-converter": {
    name: "GMT to EST Converter",
    description:
      "Convert Greenwich Mean Time (GMT) to Eastern Standard Time (EST, UTC−5) by subtracting 5 hours.",
    icon: "🕓",
    searchVolume: 10000,
    rank: 73,
    isFeatured: false,
    metaDescription:
      "Convert Greenwich Mean Time to US Eastern Standard Time instantly. Enter a time as HH:MM and the converter subtracts 5 hours, wrapping at midnight. Free to use.",
    metaKeywords:
      "gmt to est, gmt to eastern time, utc to est, convert gmt to est, london time to new york, time zone converter, eastern standard time",
    content: `<h2>About the GMT to EST Converter</h2>
<p>Flight times, server logs, international webinars and market announcements are often given in GMT or UTC. This converter tells you the matching time on the US and Canadian east coast in Eastern Standard Time.</p>
<p>EST is 5 hours behind GMT, so the tool <strong>subtracts 5 hours</strong> from the time you enter in HH:MM format. Early morning times wrap back into the previous day.</p>
<p><strong>Example:</strong> 17:00 GMT is 12:00 EST, and 03:15 GMT becomes 22:15 EST on the previous day.</p>
<ul>
<li>Enter a GMT time such as 08:30.</li>
<li>Press Convert to see the EST time.</li>
</ul>
<p>The offset is fixed at 5 hours. During US daylight saving time, from the second Sunday in March to the first Sunday in November, the east coast uses EDT (UTC−4), and the difference is 4 hours.</p>`,
    blogContent: `<h2>Who uses Eastern Time?</h2>
<p>The Eastern Time Zone covers the most populous part of North America, including New York, Boston, Atlanta, Toronto and Ottawa, as well as several Caribbean countries. Stock markets in New York and much of the US media schedule by Eastern time, which makes this one of the most searched time conversions.</p>
<h3>Avoid daylight saving surprises</h3>
<p>The United States and Europe change their clocks on different dates. For a few weeks in March and in October or November, the usual gap between London and New York shrinks from 5 hours to 4. Double-check meetings that fall in those weeks. To convert the other way, use the <a href="/tool/est-to-gmt-converter">EST to GMT converter</a>.</p>`,
  },
  "gmt-to-kst-converter": {
    name: "GMT to KST Converter",
    description:
      "Convert Greenwich Mean Time (GMT) to Korea Standard Time (KST, UTC+9) by adding 9 hours.",
    icon: "🕘",
    searchVolume: 3000,
    rank: 52,
    isFeatured: false,
    metaDescription:
      "Convert Greenwich Mean Time to Korea Standard Time instantly. Enter a time as HH:MM and the converter adds 9 hours, handy for Seoul calls, releases and events.",
    metaKeywords:
      "gmt to kst, gmt to korea time, utc to kst, convert gmt to kst, seoul time, korea standard time, time zone converter",
    content: `<h2>About the GMT to KST Converter</h2>
<p>Business calls with Seoul, game server maintenance windows, K-pop comebacks and live broadcasts from Korea are easier to plan when you know the local time there. This converter turns a time in Greenwich Mean Time into Korea Standard Time.</p>
<p>KST is 9 hours ahead of GMT, so the tool <strong>adds 9 hours</strong> to the time you enter in HH:MM format, wrapping past midnight into the next day.</p>
<p><strong>Example:</strong> 06:00 GMT is 15:00 KST, and 18:00 GMT becomes 03:00 KST on the following day.</p>
<ul>
<li>Enter a GMT time such as 11:20.</li>
<li>Press Convert to see the time in Korea.</li>
</ul>
<p>South Korea does not use daylight saving time, so KST is always UTC+9. If your own location observes daylight saving, make sure the time you start from really is GMT.</p>`,
    blogContent: `<h2>About Korea Standard Time</h2>
<p>Korea Standard Time is UTC+9 and is used throughout South Korea. It is the same offset as Japan Standard Time, so Seoul and Tokyo always show the same clock time. South Korea last observed daylight saving time in 1988, around the Seoul Olympics, and has kept standard time all year since.</p>
<h3>Planning across the time difference</h3>
<p>A 9-hour gap means a European morning is already late afternoon or evening in Korea. A Korean working day of 09:00 to 18:00 KST corresponds to 00:00 to 09:00 GMT, so calls from the UK work best first thing in the morning. For the reverse direction, use the <a href="/tool/kst-to-gmt-converter">KST to GMT converter</a>.</p>`,
  },
  "kst-to-gmt-converter": {
    name: "KST to GMT Converter",
    description:
      "Convert Korea Standard Time (KST, UTC+9) to Greenwich Mean Time (GMT) by subtracting 9 hours.",
    icon: "🕙",
    searchVolume: 2500,
    rank: 51,
    isFeatured: false,
    metaDescription:
      "Convert Korea Standard Time to Greenwich Mean Time instantly. Enter a time as HH:MM and the converter subtracts 9 hours, wrapping at midnight. Free to use.",
    metaKeywords:
      "kst to gmt, korea time to gmt, kst to utc, convert kst to gmt, seoul time to london, korea standard time, time zone converter",
    content: `<h2>About the KST to GMT Converter</h2>
<p>Korean websites, game publishers, broadcasters and companies announce times in KST. This converter turns a Korea Standard Time into Greenwich Mean Time, so you can compare it with UTC timestamps or convert it further to your own zone.</p>
<p>KST is 9 hours ahead of GMT, so the tool <strong>subtracts 9 hours</strong> from the time you enter in HH:MM format. Morning times in Korea often fall on the previous day in GMT, and the clock wraps accordingly.</p>
<p><strong>Example:</strong> 20:00 KST is 11:00 GMT, and 08:00 KST becomes 23:00 GMT on the previous day.</p>
<ul>
<li>Enter a KST time such as 18:00.</li>
<li>Press Convert to see the GMT time.</li>
</ul>
<p>Korea does not change its clocks, so the 9-hour offset always holds. Remember that in summer the UK itself is on BST, one hour ahead of GMT.</p>`,
    blogContent: `<h2>Reading Korean event times</h2>
<p>Announcements from Korea usually give the date and time in KST without mentioning the offset. Because KST is 9 hours ahead, anything scheduled before 09:00 in Seoul happens on the previous calendar day in GMT. A release at 00:00 KST on a Friday, for instance, is 15:00 GMT on Thursday.</p>
<h3>Tips</h3>
<ul>
<li>Convert the date as well as the time when the result wraps past midnight.</li>
<li>Tokyo uses the same offset, so this tool works for Japan Standard Time too.</li>
<li>For the reverse conversion, use the <a href="/tool/gmt-to-kst-converter">GMT to KST converter</a>.</li>
</ul>`,
  },
  "pdt-to-gmt-converter": {
    name: "PDT to GMT Converter",
    description:
      "Convert Pacific Daylight Time (PDT, UTC−7) to Greenwich Mean Time (GMT) by adding 7 hours.",
    icon: "🕖",
    searchVolume: 4000,
    rank: 57,
    isFeatured: false,
    metaDescription:
      "Convert Pacific Daylight Time to Greenwich Mean Time instantly. Enter a time as HH:MM and the converter adds 7 hours, ideal for West Coast launches and events.",
    metaKeywords:
      "pdt to gmt, pacific time to gmt, pdt to utc, convert pdt to gmt, california time to london, pacific daylight time, time zone converter",
    content: `<h2>About the PDT to GMT Converter</h2>
<p>Tech keynotes, game launches, streaming premieres and support hours are often announced in Pacific time because so many companies are based in California and Washington. This converter turns Pacific Daylight Time into Greenwich Mean Time.</p>
<p>PDT is 7 hours behind GMT, so the tool <strong>adds 7 hours</strong> to the time you enter in HH:MM format. Evening times wrap past midnight into the next day.</p>
<p><strong>Example:</strong> 09:00 PDT is 16:00 GMT, and 19:30 PDT becomes 02:30 GMT on the following day.</p>
<ul>
<li>Enter a PDT time such as 10:00.</li>
<li>Press Convert to see the GMT time.</li>
</ul>
<p>PDT is the summer time of the US West Coast, used from the second Sunday in March to the first Sunday in November. In winter the region uses Pacific Standard Time (PST, UTC−8), and the difference from GMT is 8 hours.</p>`,
    blogContent: `<h2>Pacific time explained</h2>
<p>The Pacific Time Zone covers California, Washington, Oregon, Nevada and British Columbia, including Los Angeles, San Francisco, Seattle and Vancouver. Its standard time is PST (UTC−8); during daylight saving time it becomes PDT (UTC−7). Announcements often say "PT" to cover both.</p>
<h3>Tips</h3>
<ul>
<li>If an event is in summer, PDT is almost certainly right; in winter, use PST and add 8 hours instead.</li>
<li>In the UK, local time in summer is BST, not GMT. For that case use the <a href="/tool/pdt-to-bst-converter">PDT to BST converter</a>.</li>
</ul>`,
  },
  "pdt-to-bst-converter": {
    name: "PDT to BST Converter",
    description:
      "Convert Pacific Daylight Time (PDT, UTC−7) to British Summer Time (BST, UTC+1) by adding 8 hours.",
    icon: "🕗",
    searchVolume: 1200,
    rank: 46,
    isFeatured: false,
    metaDescription:
      "Convert Pacific Daylight Time to British Summer Time instantly. Enter a time as HH:MM and the converter adds 8 hours for calls between California and the UK.",
    metaKeywords:
      "pdt to bst, pacific time to uk time, pdt to british summer time, los angeles to london time, convert pdt to bst, time zone converter",
    content: `<h2>About the PDT to BST Converter</h2>
<p>In summer both the US West Coast and the United Kingdom use daylight saving time: Pacific Daylight Time in California, Washington and Oregon, and British Summer Time in the UK. This converter turns a PDT time into the matching UK summer time, which is what you need for calls, launches and live events between the two.</p>
<p>PDT is UTC−7 and BST is UTC+1, so the tool <strong>adds 8 hours</strong> to the time you enter in HH:MM format. Times wrap at midnight into the next day.</p>
<p><strong>Example:</strong> 08:00 PDT is 16:00 BST, and 17:30 PDT becomes 01:30 BST on the following day.</p>
<ul>
<li>Enter a PDT time such as 11:00.</li>
<li>Press Convert to see the UK time.</li>
</ul>
<p>The offset is fixed at 8 hours. The US and the UK change their clocks on different dates, so for a few weeks in March and in late October the real gap is 7 hours.</p>`,
    blogContent: `<h2>When PDT meets BST</h2>
<p>The United States starts daylight saving time on the second Sunday in March and ends it on the first Sunday in November. The UK switches to BST on the last Sunday in March and back to GMT on the last Sunday in October. For most of the year that leaves London 8 hours ahead of Los Angeles, but during the gaps between those dates the difference is only 7 hours.</p>
<h3>Scheduling tip</h3>
<p>An 8-hour gap leaves little overlap in the working day. A meeting at 08:00 or 09:00 in California lands at 16:00 or 17:00 in London, usually the best compromise. In winter, when California is on PST (UTC−8) and the UK on GMT, the gap is 8 hours again. To compare Pacific time with UTC itself, use the <a href="/tool/pdt-to-gmt-converter">PDT to GMT converter</a>.</p>`,
  },
};
