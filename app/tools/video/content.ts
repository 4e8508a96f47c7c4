import type { ToolContentBySlug } from "../types";

// Catalogue copy (seeded into the tools table on first start). Server-only: the pages read it from the DB.
// HTML uses only h2, h3, p, ul, ol, li, strong, em and relative links.

export const content: ToolContentBySlug = {
  "mpeg-to-avi-converter": {
    name: "MPEG to AVI Converter",
    description:
      "Convert MPEG and MPG video files to AVI for older editing software, media players and hardware, directly in your browser.",
    icon: "📹",
    searchVolume: 3000,
    rank: 54,
    isFeatured: false,
    metaDescription:
      "Convert MPEG and MPG videos to AVI for older players and editing software. Real transcoding with ffmpeg in your browser; free, private and with no file upload.",
    metaKeywords:
      "mpeg to avi, mpg to avi, convert mpeg, mpeg converter, avi converter, video cd to avi, mpeg-2 to avi",
    content: `<h2>About the MPEG to AVI Converter</h2>
<p>MPEG files come from camcorders, TV tuner cards, DVD rips and Video CDs, and they carry MPEG-1 or MPEG-2 video. Some older editing programs, players and hardware devices only accept AVI. This tool converts an <strong>.mpeg</strong> or <strong>.mpg</strong> file into an <strong>.avi</strong> file with a real transcode.</p>
<p>The conversion is performed by ffmpeg compiled to WebAssembly, inside your browser. The engine loads from this site the first time you use it (the button shows Loading until it is ready), and your video is processed on your own device without being uploaded.</p>
<ul>
<li>Select a .mpeg or .mpg file.</li>
<li>Press Convert and follow the progress.</li>
<li>Download the AVI file.</li>
</ul>
<p>Video transcoding is demanding work. A browser is slower at it than a native desktop program, so short clips finish quickly while a full-length recording can take a while. Keep the tab open until the download is offered.</p>`,
    blogContent: `<h2>MPEG and AVI: two veterans</h2>
<p>MPEG is named after the Moving Picture Experts Group, which standardised MPEG-1 in 1993 (used by Video CD) and MPEG-2 soon after (used by DVD and digital television). Files with the .mpeg or .mpg extension usually contain one of these two.</p>
<p>AVI (Audio Video Interleave) was introduced by Microsoft in 1992 with Video for Windows. It is a simple container that nearly every Windows program of the last thirty years can read, which is why legacy software and devices still ask for it.</p>
<h3>Tip</h3>
<p>For modern devices and the web, MP4 is usually the better target. The <a href="/tool/video-converter">Video Converter</a> can produce MP4, WebM, MKV, MOV, FLV and AVI.</p>`,
  },
  "mpg-to-avi-converter": {
    name: "MPG to AVI Converter",
    description:
      "Convert MPG video files to AVI with real ffmpeg transcoding that runs entirely in your browser.",
    icon: "🎞️",
    searchVolume: 2500,
    rank: 53,
    isFeatured: false,
    metaDescription:
      "Convert MPG video to AVI for free with ffmpeg running in your browser. Your video never leaves your device, no sign-up is needed, and you get a real AVI file.",
    metaKeywords:
      "mpg to avi, convert mpg to avi, mpg converter, mpg file, avi video, mpeg-1 to avi, free mpg converter",
    content: `<h2>About the MPG to AVI Converter</h2>
<p>The <strong>.mpg</strong> extension is common on clips from older digital cameras, camcorders and TV recordings. This tool converts such a file into an <strong>.avi</strong> video that older versions of Windows Movie Maker, legacy editing suites and many hardware players handle well.</p>
<p>It uses ffmpeg compiled to WebAssembly and runs in your browser. On first use the engine is loaded from this site, which takes a moment, and then your video is transcoded on your own device. The file is never uploaded, which matters for family videos and other personal recordings.</p>
<ul>
<li>Select an .mpg file.</li>
<li>Wait for the engine to load, then press Convert.</li>
<li>Download the AVI when the progress reaches 100%.</li>
</ul>
<p>Processing time depends on the length and resolution of the video and on your device. Short clips are quick; long recordings need patience and free memory.</p>`,
    blogContent: `<h2>MPG files explained</h2>
<p>MPG is simply the three-letter form of the MPEG extension, dating from the time when Windows file names were limited to three-character extensions. An MPG file normally contains MPEG-1 or MPEG-2 video with MPEG audio.</p>
<p>These formats were designed for Video CD, DVD and broadcast television, and they are less efficient than modern codecs. Converting them does not improve the picture, but it can make old footage usable in software that refuses MPEG.</p>
<h3>Preserving old videos</h3>
<ul>
<li>Keep the original MPG files as your master copies.</li>
<li>Make AVI copies for legacy software and MP4 copies for phones and the web with the <a href="/tool/video-converter">Video Converter</a>.</li>
</ul>`,
  },
  "video-converter": {
    name: "Video Converter",
    description:
      "Convert videos between MP4, AVI, WebM, MKV, MOV and FLV with ffmpeg running in your browser, so the files never leave your device.",
    icon: "🎥",
    searchVolume: 27000,
    rank: 90,
    isFeatured: true,
    metaDescription:
      "Free video converter for MP4, AVI, WebM, MKV, MOV and FLV. Real ffmpeg transcoding runs inside your browser, so your videos are never uploaded to any server.",
    metaKeywords:
      "video converter, convert video, mp4 converter, mov to mp4, mkv to mp4, webm to mp4, avi to mp4, online video converter",
    content: `<h2>About the Video Converter</h2>
<p>This converter changes a video from one format to another with a genuine transcode. It opens MP4, WebM, OGG, AVI, MOV, FLV and MKV files and can save them as <strong>MP4, AVI, WebM, MKV, MOV or FLV</strong>.</p>
<p>The work is done by ffmpeg compiled to WebAssembly, running in your browser tab. The engine is served by this site, and your video is processed on your own device: nothing is uploaded, so private recordings stay private. The size you can convert is limited only by your device's memory, and you get a clear message if a file is too large.</p>
<ul>
<li>Select a video file.</li>
<li>Choose the output format.</li>
<li>Press Convert, follow the progress and download the result.</li>
</ul>
<p>Video encoding is heavy work, and a browser does it more slowly than native desktop software. Short clips convert quickly; a long, high-resolution video can take a good while, so keep the tab open until it is done.</p>`,
    blogContent: `<h2>Containers and codecs</h2>
<p>A video file is a container that holds separately compressed video and audio streams. MP4, MKV, MOV and WebM are containers; H.264, VP9 and AV1 are codecs that compress the pictures inside them.</p>
<h3>Which format to choose</h3>
<ul>
<li><strong>MP4</strong>: the safest choice for phones, TVs, social networks and the web.</li>
<li><strong>WebM</strong>: an open format designed for web browsers.</li>
<li><strong>MKV</strong>: flexible, good for archiving with several audio or subtitle tracks.</li>
<li><strong>MOV</strong>: Apple's QuickTime format, common in editing workflows.</li>
<li><strong>AVI</strong> and <strong>FLV</strong>: for older software and devices that need them.</li>
</ul>
<p>To keep only the sound, use the <a href="/tool/mp4-to-mp3-converter">MP4 to MP3 converter</a>.</p>`,
  },
  "m4a-to-mp4-converter": {
    name: "M4A to MP4 Converter",
    description:
      "Turn M4A audio into an MP4 file for apps, upload forms and players that only accept the .mp4 extension.",
    icon: "📀",
    searchVolume: 4000,
    rank: 58,
    isFeatured: false,
    metaDescription:
      "Convert M4A audio files to MP4 for apps and sites that only accept .mp4. Processed with ffmpeg in your browser; free, private, and your audio is never uploaded.",
    metaKeywords:
      "m4a to mp4, convert m4a to mp4, m4a converter, audio to mp4, mp4 audio, itunes m4a, voice memo to mp4",
    content: `<h2>About the M4A to MP4 Converter</h2>
<p>M4A and MP4 belong to the same MPEG-4 family, yet many upload forms, video platforms and media apps accept only files ending in <strong>.mp4</strong>. This tool takes an <strong>.m4a</strong> audio file, such as an iPhone voice memo, a podcast episode or a song, and produces a proper MP4 file containing your audio.</p>
<p>The conversion uses ffmpeg compiled to WebAssembly in your browser. Your audio is processed on your own device and never uploaded, and no account is needed.</p>
<ul>
<li>Select an .m4a file.</li>
<li>Press Convert and wait for the progress to complete.</li>
<li>Download the MP4 file.</li>
</ul>
<p>Because both formats share the MPEG-4 container, the audio quality of the result matches your original. If what you need is an MP3 for an older player, the <a href="/tool/m4a-to-mp3-converter">M4A to MP3 converter</a> is the better tool.</p>`,
    blogContent: `<h2>M4A vs MP4</h2>
<p>Both formats are based on the ISO Base Media File Format, which grew out of Apple's QuickTime. MP4 (MPEG-4 Part 14) was standardised for files that may contain video, audio and subtitles. The M4A extension was popularised by Apple to signal that a file holds audio only, so that music players would list it as a song rather than a video.</p>
<p>Software that checks only the extension will often reject an M4A file even though it could play the content. Converting to MP4 solves that.</p>
<h3>Tip</h3>
<p>Keep the M4A for your music library, where players recognise it as audio, and use the MP4 copy only where an app demands it.</p>`,
  },
};
