/// The live page, shipped inside the binary: no file, network or CDN is needed to show it.
///
/// The markup is static; `page.js` fills it from `/state` and draws the frames.
enum PageAssets {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>animate preview</title>
        <link rel="stylesheet" href="/page.css">
        </head>
        <body>
        <header>
          <h1><span class="brand">animate</span> <span id="title">…</span></h1>
          <span id="status" class="status">connecting…</span>
          <nav class="exports" aria-label="Export">
            <button type="button" data-export="gif" title="Write the whole timeline as a GIF beside the file">GIF</button>
            <button type="button" data-export="mp4" title="Write the whole timeline as an MP4 beside the file">MP4</button>
            <button type="button" data-export="png" title="Write the current frame as a PNG beside the file">PNG of frame</button>
          </nav>
        </header>
        <main>
          <section class="stage">
            <div class="canvas-wrap">
              <canvas id="view" width="1" height="1"></canvas>
              <div id="errors" hidden>
                <p class="errors-head"></p>
                <pre></pre>
              </div>
            </div>
          </section>
          <section class="transport">
            <button type="button" id="play" class="play" aria-label="Pause">❚❚</button>
            <input type="range" id="scrub" min="0" max="0" value="0" aria-label="Frame">
            <span id="position" class="position">frame 0</span>
            <span class="speeds" role="group" aria-label="Speed">
              <button type="button" data-speed="0.25">0.25×</button>
              <button type="button" data-speed="0.5">0.5×</button>
              <button type="button" data-speed="1" aria-pressed="true">1×</button>
            </span>
          </section>
          <section class="params">
            <h2>Params <small>values at this frame; plots over the whole timeline, dashes where animations start</small></h2>
            <div id="params"></div>
          </section>
        </main>
        <div id="toast" hidden></div>
        <script src="/page.js"></script>
        </body>
        </html>

        """
}
