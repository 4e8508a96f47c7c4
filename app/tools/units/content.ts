import type { ToolContentBySlug } from "../types.ts";

// Catalogue copy (seeded into the tools table on first start). Server-only: the pages read it from the DB.
// HTML uses only h2, h3, p, ul, ol, li, strong, em and relative links.

export const content: ToolContentBySlug = {
  "bhp-to-ton-calculator": {
    name: "BHP to Tons of Refrigeration Calculator",
    description:
      "Convert brake horsepower (BHP) to tons of refrigeration and back, for sizing compressors, chillers and HVAC equipment.",
    icon: "❄️",
    searchVolume: 1500,
    rank: 45,
    isFeatured: false,
    metaDescription:
      "Convert brake horsepower to tons of refrigeration and back for HVAC and chiller sizing. Uses 1 BHP = 0.212 tons and shows results to 4 decimals. Free to use.",
    metaKeywords:
      "bhp to tons, bhp to ton of refrigeration, horsepower to tons, tons to bhp, refrigeration ton calculator, hvac calculator, chiller sizing",
    content: `<h2>About the BHP to Tons of Refrigeration Calculator</h2>
<p>HVAC engineers, technicians and students often need to compare the mechanical power of a compressor or motor, given in brake horsepower (BHP), with the cooling capacity of a system, given in tons of refrigeration (TR). This calculator converts in both directions as you type.</p>
<p>It uses the factors <strong>1 BHP = 0.212 tons of refrigeration</strong> and <strong>1 ton = 4.715 BHP</strong>. Results are shown to 4 decimal places. The fields accept numbers from 0 upwards in steps of 0.01; a negative or non-numeric value clears the other field.</p>
<p><strong>Example:</strong> 10 BHP × 0.212 = 2.1200 tons of refrigeration. In the other direction, 5 tons × 4.715 = 23.5750 BHP.</p>
<ul>
<li>Type a value in the BHP field to see tons of refrigeration.</li>
<li>Or type in the tons field to see the equivalent BHP.</li>
</ul>
<p>The calculation runs in your browser and works offline after you have opened it once.</p>`,
    blogContent: `<h2>Where the numbers come from</h2>
<p>A ton of refrigeration is the cooling needed to melt one short ton of ice in 24 hours, defined as 12,000 BTU per hour, or about 3.517 kW. One mechanical horsepower is about 745.7 W. Dividing one by the other gives roughly 0.212, which is the factor used here.</p>
<p>This is an energy-rate equivalence, not a prediction of how much cooling a particular compressor delivers. Real systems move several times more heat than the shaft power they consume, depending on their coefficient of performance, so always check the manufacturer's data when sizing equipment.</p>
<h3>Watch out</h3>
<p>Boiler horsepower is a different, much larger unit. Make sure your figure is brake or shaft horsepower before converting.</p>`,
  },
  "cm-to-inches-converter": {
    name: "CM to Inches Converter",
    description:
      "Convert centimetres to inches and inches to centimetres instantly, using the exact definition of 2.54 cm per inch.",
    icon: "📏",
    searchVolume: 24000,
    rank: 83,
    isFeatured: false,
    metaDescription:
      "Convert centimeters to inches and back instantly with the exact factor of 2.54 cm per inch. Results to 4 decimal places. Free, fast and works in any browser.",
    metaKeywords:
      "cm to inches, centimeters to inches, cm to in, convert cm to inches, inches to cm, cm inch converter, length converter",
    content: `<h2>About the CM to Inches Converter</h2>
<p>Clothing sizes, screen diagonals, furniture, paper and body measurements are given in centimetres in most of the world and in inches in the United States. This converter translates between the two as you type, in either direction.</p>
<p>Since 1959 the inch has been defined as exactly <strong>2.54 centimetres</strong>. To convert centimetres to inches, the tool divides by 2.54; to convert inches to centimetres, it multiplies by 2.54. Results are shown to 4 decimal places. Negative values are allowed, which is handy for offsets and tolerances, and a non-numeric entry simply clears the other field.</p>
<p><strong>Example:</strong> 10 cm ÷ 2.54 = 3.9370 in. Going the other way, 5.5 in × 2.54 = 13.9700 cm.</p>
<ul>
<li>Type a length in centimetres to get inches.</li>
<li>Or type in the inches field to get centimetres.</li>
</ul>
<p>Everything is calculated in your browser; nothing is sent anywhere.</p>`,
    blogContent: `<h2>The inch and the centimetre</h2>
<p>The centimetre is one hundredth of a metre, the base unit of length in the metric system used by almost every country. The inch comes from older English units, and for a long time the American and British inch differed slightly. The 1959 international yard and pound agreement settled it at exactly 2.54 cm, so the conversion is exact.</p>
<h3>Handy reference points</h3>
<ul>
<li>30 cm is about 11.8 inches, a little less than a foot (30.48 cm).</li>
<li>A 27-inch monitor measures about 68.6 cm diagonally.</li>
<li>For the reverse direction on its own page, see the <a href="/tool/inches-to-cm-converter">Inches to CM converter</a>.</li>
</ul>`,
  },
  "cm-to-mm-converter": {
    name: "CM to MM Converter",
    description:
      "Convert centimetres to millimetres instantly: multiply by 10, with results shown to 4 decimal places.",
    icon: "📐",
    searchVolume: 9000,
    rank: 65,
    isFeatured: false,
    metaDescription:
      "Convert centimeters to millimeters instantly: every cm is 10 mm. Type a value and get the result to 4 decimal places. Free metric length converter, no sign-up.",
    metaKeywords:
      "cm to mm, centimeters to millimeters, convert cm to mm, cm mm converter, metric length, millimetre conversion",
    content: `<h2>About the CM to MM Converter</h2>
<p>Technical drawings, 3D printing, engineering and jewellery work in millimetres, while rulers, tape measures and everyday descriptions often use centimetres. This converter turns a value in centimetres into millimetres the moment you type it.</p>
<p>The rule is simple: one centimetre is exactly <strong>10 millimetres</strong>, so the tool multiplies by 10. Results are shown to 4 decimal places, so fractional inputs stay precise. Non-numeric input is ignored.</p>
<p><strong>Example:</strong> 12.5 cm × 10 = 125.0000 mm. Likewise, 0.35 cm becomes 3.5000 mm.</p>
<ul>
<li>Enter a length in centimetres.</li>
<li>Read the equivalent length in millimetres.</li>
</ul>
<p>Need to go the other way? Use the <a href="/tool/mm-to-cm-converter">MM to CM converter</a>, which divides by 10. Both run entirely in your browser and keep working offline after you have opened them once.</p>`,
    blogContent: `<h2>Metric prefixes made easy</h2>
<p>The metric system builds every length from the metre with prefixes that are powers of ten. <em>Centi</em> means one hundredth and <em>milli</em> one thousandth, so a centimetre is 10 millimetres and a metre is 100 centimetres or 1,000 millimetres.</p>
<p>Converting between metric units is just a matter of moving the decimal point: one place to the right from cm to mm, two places from m to cm, three from m to mm.</p>
<h3>Why engineers prefer millimetres</h3>
<p>Using one unit throughout a drawing avoids mixing decimal places. Dimensions such as 1250 mm are unambiguous, whereas 125 cm and 1.25 m describe the same length in ways that are easy to misread on a busy plan.</p>`,
  },
  "mm-to-cm-converter": {
    name: "MM to CM Converter",
    description:
      "Convert millimetres to centimetres instantly: divide by 10, with results shown to 4 decimal places.",
    icon: "🔬",
    searchVolume: 8000,
    rank: 64,
    isFeatured: false,
    metaDescription:
      "Convert millimeters to centimeters instantly by dividing by 10. Type any value and see the result to 4 decimal places. Free metric converter in your browser.",
    metaKeywords:
      "mm to cm, millimeters to centimeters, convert mm to cm, mm cm converter, metric length, millimetre to centimetre",
    content: `<h2>About the MM to CM Converter</h2>
<p>Product specifications, rainfall figures, camera lenses and hardware sizes are often given in millimetres, while people tend to picture lengths in centimetres. This converter changes millimetres into centimetres as you type.</p>
<p>One millimetre is one tenth of a centimetre, so the tool <strong>divides by 10</strong>. Results are shown to 4 decimal places, and non-numeric input is ignored.</p>
<p><strong>Example:</strong> 85 mm ÷ 10 = 8.5000 cm. A 3 mm screw head is 0.3000 cm across.</p>
<ul>
<li>Enter a length in millimetres.</li>
<li>Read the equivalent length in centimetres.</li>
</ul>
<p>For the opposite direction use the <a href="/tool/cm-to-mm-converter">CM to MM converter</a>, and to switch to imperial units use the <a href="/tool/cm-to-inches-converter">CM to Inches converter</a>. All calculations happen in your browser.</p>`,
    blogContent: `<h2>Thinking in millimetres and centimetres</h2>
<p>A millimetre is about the thickness of a credit card, and a centimetre roughly the width of a fingernail. Both are fractions of the metre: a millimetre is one thousandth and a centimetre one hundredth.</p>
<h3>Quick mental conversion</h3>
<p>To go from millimetres to centimetres, move the decimal point one place to the left: 254 mm is 25.4 cm, 7 mm is 0.7 cm. When you measure with a ruler, the long marks are centimetres and the short marks between them are millimetres.</p>
<h3>Where you meet millimetres</h3>
<ul>
<li>Camera focal lengths, such as a 50 mm lens.</li>
<li>Rainfall totals in weather reports.</li>
<li>Drill bits, screws and 3D printer nozzles.</li>
</ul>`,
  },
  "inches-to-cm-converter": {
    name: "Inches to CM Converter",
    description:
      "Convert inches to centimetres instantly by multiplying by 2.54, the exact international definition of the inch.",
    icon: "🧵",
    searchVolume: 20000,
    rank: 81,
    isFeatured: false,
    metaDescription:
      "Convert inches to centimeters instantly with the exact factor 1 in = 2.54 cm. Results to 4 decimal places for screens, clothing and DIY. Free and no sign-up.",
    metaKeywords:
      "inches to cm, inches to centimeters, in to cm, convert inches to cm, inch converter, length converter, 2.54 cm",
    content: `<h2>About the Inches to CM Converter</h2>
<p>Screen sizes, wheel rims, waist measurements, lumber and many product dimensions are quoted in inches. If you think in metric units, this converter gives you centimetres as soon as you type.</p>
<p>One inch is exactly <strong>2.54 centimetres</strong>, so the tool multiplies your value by 2.54 and shows the result to 4 decimal places. Non-numeric input is ignored.</p>
<p><strong>Example:</strong> 12 in × 2.54 = 30.4800 cm. A 32-inch waist is 81.2800 cm.</p>
<ul>
<li>Enter a length in inches, decimals allowed (for example 5.75 instead of 5¾).</li>
<li>Read the result in centimetres.</li>
</ul>
<p>To convert centimetres back to inches, use the <a href="/tool/cm-to-inches-converter">CM to Inches converter</a>. The calculation runs in your browser and needs no connection once the page is open.</p>`,
    blogContent: `<h2>A short history of the inch</h2>
<p>The inch is one of the oldest units of length, once tied to the width of a thumb or the length of three barleycorns. For centuries its exact size varied from country to country. In 1959 the United States, the United Kingdom and other Commonwealth countries agreed on the international inch of exactly 2.54 cm, so the conversion has no rounding error.</p>
<h3>Tips</h3>
<ul>
<li>Convert fractions to decimals first: ½ = 0.5, ¼ = 0.25, ⅛ = 0.125.</li>
<li>Screen sizes are measured diagonally, so a 65-inch TV is about 165 cm corner to corner, not wide.</li>
<li>12 inches make a foot, which is 30.48 cm.</li>
</ul>`,
  },
  "km-to-miles-converter": {
    name: "KM to Miles Converter",
    description:
      "Convert kilometres to miles instantly for running, cycling, driving and travel, using 1 km = 0.621371 miles.",
    icon: "🛣️",
    searchVolume: 16000,
    rank: 78,
    isFeatured: false,
    metaDescription:
      "Convert kilometers to miles instantly with 1 km = 0.621371 mi. Useful for running, cycling, road trips and speed limits. Results to 4 decimals, free to use.",
    metaKeywords:
      "km to miles, kilometers to miles, convert km to miles, km to mi, distance converter, kph to mph, running distance",
    content: `<h2>About the KM to Miles Converter</h2>
<p>Most of the world measures distance in kilometres, while the United States and the United Kingdom use miles on their roads. This converter turns kilometres into miles as you type, which helps when planning a race, a bike ride or a road trip abroad.</p>
<p>The tool multiplies by <strong>0.621371</strong>, the number of miles in one kilometre, and shows the result to 4 decimal places. Non-numeric input is ignored.</p>
<p><strong>Example:</strong> 10 km × 0.621371 = 6.2137 miles. A marathon of 42.195 km is 26.2187 miles.</p>
<ul>
<li>Enter a distance in kilometres.</li>
<li>Read the distance in miles.</li>
</ul>
<p>The same factor works for speeds: 100 km/h is 62.1371 mph. For the reverse direction, use the <a href="/tool/miles-to-km-converter">Miles to KM converter</a>. All calculations run in your browser.</p>`,
    blogContent: `<h2>Kilometres and miles</h2>
<p>The kilometre is 1,000 metres, part of the metric system introduced in France in the 1790s. The international mile is 1,760 yards, or exactly 1,609.344 metres, a length inherited from Roman and English measures.</p>
<h3>Quick mental maths</h3>
<p>To estimate miles from kilometres, multiply by 6 and divide by 10: 50 km is about 30 miles. The Fibonacci numbers offer a neat trick too, because consecutive pairs such as 5 and 8 or 13 and 21 are close to the miles-to-kilometres ratio: 5 miles is about 8 km.</p>
<h3>Popular race distances</h3>
<ul>
<li>5K: 3.1 miles</li>
<li>10K: 6.2 miles</li>
<li>Half marathon: 13.1 miles</li>
</ul>`,
  },
  "miles-to-km-converter": {
    name: "Miles to KM Converter",
    description:
      "Convert miles to kilometres instantly for travel, sport and speed limits, using 1 mile = 1.60934 km.",
    icon: "🏃",
    searchVolume: 13000,
    rank: 76,
    isFeatured: false,
    metaDescription:
      "Convert miles to kilometers instantly with 1 mile = 1.60934 km. Great for road trips, running plans and speed limits, with results to 4 decimals. Free to use.",
    metaKeywords:
      "miles to km, miles to kilometers, convert miles to km, mi to km, distance converter, mph to kph, running pace",
    content: `<h2>About the Miles to KM Converter</h2>
<p>Road signs in the United States and the United Kingdom, many running apps and older maps use miles. If you are used to kilometres, this converter gives you the metric distance as you type.</p>
<p>The tool multiplies by <strong>1.60934</strong>, the number of kilometres in one mile, and shows the result to 4 decimal places. Non-numeric input is ignored.</p>
<p><strong>Example:</strong> 26.2 miles × 1.60934 = 42.1647 km, the length of a marathon. A 5-mile run is 8.0467 km.</p>
<ul>
<li>Enter a distance in miles.</li>
<li>Read the distance in kilometres.</li>
</ul>
<p>The factor applies to speed as well: 70 mph is about 112.65 km/h. For the opposite direction, use the <a href="/tool/km-to-miles-converter">KM to Miles converter</a>. Everything is calculated in your browser.</p>`,
    blogContent: `<h2>Why the mile survives</h2>
<p>The word mile comes from the Latin <em>mille passus</em>, a thousand paces of a Roman legion. Over the centuries many different miles were used, until the international mile was fixed at exactly 1,609.344 metres. Today it is still the everyday unit of distance in the United States and on British roads.</p>
<h3>Don't confuse it with the nautical mile</h3>
<p>Ships and aircraft use the nautical mile, which is 1,852 metres and is based on the Earth's latitude. This converter uses the ordinary statute mile.</p>
<h3>Quick estimate</h3>
<p>Multiply miles by 1.6 for a fast approximation: 100 miles is about 160 km.</p>`,
  },
  "pounds-to-kg-converter": {
    name: "Pounds to KG Converter",
    description:
      "Convert pounds (lb) to kilograms instantly for body weight, luggage, recipes and shipping, using 1 lb = 0.453592 kg.",
    icon: "⚖️",
    searchVolume: 26000,
    rank: 86,
    isFeatured: false,
    metaDescription:
      "Convert pounds to kilograms instantly with 1 lb = 0.453592 kg. Ideal for body weight, luggage, gym plates and recipes, with results to 4 decimals. Free to use.",
    metaKeywords:
      "pounds to kg, lbs to kg, convert pounds to kilograms, lb to kg, weight converter, body weight kg, luggage weight",
    content: `<h2>About the Pounds to KG Converter</h2>
<p>Body weight, gym plates, baggage allowances, parcel rates and recipes switch between pounds and kilograms depending on where you are. This converter turns pounds into kilograms the moment you type.</p>
<p>The tool multiplies by <strong>0.453592</strong>, the number of kilograms in one avoirdupois pound, and shows the result to 4 decimal places. Non-numeric input is ignored.</p>
<p><strong>Example:</strong> 150 lb × 0.453592 = 68.0388 kg. A 50 lb suitcase weighs 22.6796 kg, just over the common 20 kg limit.</p>
<ul>
<li>Enter a weight in pounds, decimals allowed.</li>
<li>Read the weight in kilograms.</li>
</ul>
<p>If your weight is written in stones and pounds, as is common in the UK, multiply the stones by 14 and add the pounds before converting. The calculation runs in your browser.</p>`,
    blogContent: `<h2>Pounds and kilograms</h2>
<p>The kilogram is the SI base unit of mass. Since 2019 it has been defined through the Planck constant rather than a metal cylinder kept near Paris. The avoirdupois pound used today was fixed in 1959 at exactly 0.45359237 kg; the factor 0.453592 used here is that value rounded to six decimal places, which is more precise than any bathroom or kitchen scale.</p>
<h3>Quick estimates</h3>
<ul>
<li>Halve the pounds and subtract a tenth of the result: 200 lb, halved to 100, minus 10, is about 90 kg.</li>
<li>1 kg is about 2.2 lb.</li>
<li>Heavy loads in US short tons? Try the <a href="/tool/tons-to-pounds-converter">Tons to Pounds converter</a>.</li>
</ul>`,
  },
  "tons-to-pounds-converter": {
    name: "Tons to Pounds Converter",
    description:
      "Convert US short tons to pounds instantly: 1 ton = 2,000 lb, with results shown to 4 decimal places.",
    icon: "🏗️",
    searchVolume: 3500,
    rank: 55,
    isFeatured: false,
    metaDescription:
      "Convert US short tons to pounds instantly: 1 ton equals 2,000 lb. Handy for freight, vehicle ratings and building materials. Results to 4 decimals, free to use.",
    metaKeywords:
      "tons to pounds, ton to lbs, short ton, convert tons to pounds, us ton, weight converter, freight weight",
    content: `<h2>About the Tons to Pounds Converter</h2>
<p>Truck payloads, freight quotes, gravel and steel orders and air-conditioning capacities are often given in tons in the United States. This converter turns tons into pounds as you type.</p>
<p>It uses the <strong>US short ton of 2,000 pounds</strong>, so the tool multiplies by 2,000 and shows the result to 4 decimal places. Non-numeric input is ignored.</p>
<p><strong>Example:</strong> 2.5 tons × 2,000 = 5,000.0000 lb. A 0.75 ton pickup payload is 1,500.0000 lb.</p>
<ul>
<li>Enter a weight in short tons.</li>
<li>Read the weight in pounds.</li>
</ul>
<p>Check which ton your source means before converting. A metric tonne and a British long ton are heavier than the short ton, as the notes below explain. The calculation runs entirely in your browser.</p>`,
    blogContent: `<h2>Three different tons</h2>
<p>The word ton covers several units, and mixing them up is a classic source of errors:</p>
<ul>
<li><strong>Short ton</strong> (US): 2,000 lb, about 907.18 kg. Used in the United States and by this tool.</li>
<li><strong>Long ton</strong> (imperial): 2,240 lb, about 1,016.05 kg. Still seen in British shipping and historic figures.</li>
<li><strong>Metric tonne</strong>: 1,000 kg, about 2,204.62 lb. Used almost everywhere else.</li>
</ul>
<p>A ton of refrigeration is different again: it measures cooling power, not weight. For that, see the <a href="/tool/bhp-to-ton-calculator">BHP to Tons of Refrigeration calculator</a>.</p>`,
  },
  "radians-to-rpm-converter": {
    name: "Radians per Second to RPM Converter",
    description:
      "Convert angular velocity from radians per second (rad/s) to revolutions per minute (RPM) by multiplying by 9.5493.",
    icon: "⚙️",
    searchVolume: 1800,
    rank: 48,
    isFeatured: false,
    metaDescription:
      "Convert angular velocity from radians per second to RPM instantly. The converter multiplies rad/s by 9.5493 and shows results to 4 decimals. Free to use online.",
    metaKeywords:
      "radians to rpm, rad/s to rpm, angular velocity converter, radians per second to revolutions per minute, rpm calculator, motor speed",
    content: `<h2>About the Radians per Second to RPM Converter</h2>
<p>Physics textbooks, control systems and simulation software express rotation in radians per second, while motors, engines, drills and fans are rated in revolutions per minute. This converter bridges the two as you type.</p>
<p>One revolution is 2π radians and a minute has 60 seconds, so 1 rad/s equals 60 ÷ 2π, or about <strong>9.5493 RPM</strong>. The tool multiplies your value by 9.5493 and shows the result to 4 decimal places. Non-numeric input is ignored.</p>
<p><strong>Example:</strong> 10 rad/s × 9.5493 = 95.4930 RPM. A motor turning at 314.16 rad/s runs at roughly 3,000 RPM.</p>
<ul>
<li>Enter an angular velocity in rad/s.</li>
<li>Read the speed in revolutions per minute.</li>
</ul>
<p>To go from RPM to rad/s, divide by 9.5493. Everything is calculated in your browser.</p>`,
    blogContent: `<h2>Why radians?</h2>
<p>A radian is the angle at which the arc of a circle equals its radius. Physics uses radians because formulas become simple: the speed of a point on a wheel is just the angular velocity in rad/s multiplied by the radius, with no extra constants.</p>
<p>Engineers in the field, however, count turns. A tachometer, a motor nameplate or a lathe dial shows revolutions per minute, which is why this conversion comes up so often.</p>
<h3>Related quantities</h3>
<ul>
<li>Hertz (revolutions per second) = RPM ÷ 60.</li>
<li>Power of a rotating shaft = torque × angular velocity in rad/s.</li>
</ul>`,
  },
  "kilowatts-to-decibels-converter": {
    name: "Kilowatts to dBm Converter",
    description:
      "Convert power in kilowatts to decibel-milliwatts (dBm) with the formula dBm = 10 × log10(kW × 1,000,000).",
    icon: "📡",
    searchVolume: 900,
    rank: 42,
    isFeatured: false,
    metaDescription:
      "Convert kilowatts to dBm for radio, broadcast and RF work using dBm = 10 log10(kW x 1,000,000). Enter any value above zero; results to 4 decimals. Free to use.",
    metaKeywords:
      "kilowatts to dbm, kw to dbm, power to decibels, dbm calculator, rf power converter, watts to dbm, transmitter power",
    content: `<h2>About the Kilowatts to dBm Converter</h2>
<p>Radio engineers, broadcasters and RF hobbyists describe power on a logarithmic scale in dBm, decibels relative to one milliwatt. Transmitter and amplifier ratings, however, are often given in kilowatts. This converter translates kilowatts into dBm as you type.</p>
<p>One kilowatt is 1,000,000 milliwatts, so the tool calculates <strong>dBm = 10 × log10(kW × 1,000,000)</strong> and shows the result to 4 decimal places. The value must be greater than 0, because the logarithm of zero or a negative number is undefined.</p>
<p><strong>Example:</strong> 2 kW = 2,000,000 mW, and 10 × log10(2,000,000) = 63.0103 dBm. Exactly 1 kW is 60.0000 dBm.</p>
<ul>
<li>Enter a power in kilowatts, for example 0.5 for 500 W.</li>
<li>Read the power level in dBm.</li>
</ul>
<p>The calculation runs in your browser.</p>`,
    blogContent: `<h2>Understanding dBm</h2>
<p>Decibels express ratios on a logarithmic scale, which keeps the huge range of radio power levels manageable. A received signal may be a billionth of a milliwatt while a broadcast transmitter puts out many kilowatts. In dBm those become tidy numbers such as −60 dBm and 70 dBm.</p>
<h3>Rules of thumb</h3>
<ul>
<li>Doubling the power adds about 3 dB; ten times the power adds 10 dB.</li>
<li>0 dBm is 1 mW, 30 dBm is 1 W, 60 dBm is 1 kW.</li>
<li>Gains and losses in dB can simply be added and subtracted along a signal chain.</li>
</ul>
<p>Note that dBm measures power, not sound loudness, which is measured in dB SPL.</p>`,
  },
};
