extension PageAssets {
    /// The page's script: polls `/state`, keeps the playhead, loads and draws frames, plots the params.
    ///
    /// `window.preview` holds what it shows (the frame, whether it plays, what is drawn), and
    /// `document.body.dataset.drawn` reads `TOKEN:FRAME` once a frame is on the canvas.
    static let script = #"""
        "use strict";
        const $ = (id) => document.getElementById(id);
        const view = $("view"), ctx = view.getContext("2d"), scrub = $("scrub");
        const preview = window.preview = {
          version: 0, timeline: null, errors: [], frame: 0, playing: true, speed: 1, drawn: null, firstFrameMs: null,
        };
        let images = new Map();   // frame → Promise of its image, for the current load
        let clock = { start: 0, from: 0 };
        let plots = [];

        const hashFrame = () => { const m = /frame=(\d+)/.exec(location.hash); return m ? parseInt(m[1], 10) : null; };
        const clamp = (n) => Math.min(Math.max(n, 0), preview.timeline.frameCount - 1);
        const format = (x) => x === null ? "–" : (Number.isInteger(x) ? String(x) : x.toFixed(3));

        function setStatus(text, bad) {
          const s = $("status");
          s.textContent = text;
          s.className = "status " + (bad ? "bad" : "ok");
        }

        async function poll() {
          try {
            const r = await fetch("/state?have=" + preview.version, { cache: "no-store" });
            if (r.status === 200) apply(await r.json());
            else if (preview.errors.length === 0) setStatus("live");
          } catch (e) {
            setStatus("server stopped", true);
          }
          setTimeout(poll, 200);
        }

        function apply(state) {
          preview.version = state.version;
          document.title = state.title + " · animate preview";
          $("title").textContent = state.title;
          const t = state.timeline, old = preview.timeline;
          if (t && !(old && old.token === t.token)) show(t, old);
          showErrors(state.errors);
        }

        // A new load: the same time as before in it (or the URL's frame at first), its params plotted.
        function show(t, old) {
          let frame;
          if (!old) {
            const h = hashFrame();
            frame = h === null ? 0 : h;
            if (h !== null) preview.playing = false;
          } else {
            frame = Math.round(preview.frame / old.fps * t.fps);   // the same time in the new load
          }
          preview.timeline = t;
          images = new Map();
          // Resizing a canvas clears it, even to its own size: the old picture stays until the new one is drawn.
          if (view.width !== t.pixelWidth || view.height !== t.pixelHeight) {
            view.width = t.pixelWidth;
            view.height = t.pixelHeight;
          }
          // One image pixel to one device pixel: the frames are drawn at the timeline's scale.
          view.style.width = (t.pixelWidth / devicePixelRatio) + "px";
          scrub.max = t.frameCount - 1;
          buildParams(t);
          seek(clamp(frame));
          updatePlayButton();
        }

        function showErrors(errors) {
          preview.errors = errors;
          const box = $("errors");
          box.hidden = errors.length === 0;
          if (errors.length > 0) {
            const over = preview.timeline ? " (showing the last good render)" : "";
            box.querySelector(".errors-head").textContent = (errors.length === 1 ? "1 error" : errors.length + " errors") + over;
            box.querySelector("pre").textContent = errors.join("\n");
            setStatus(errors.length === 1 ? "1 error" : errors.length + " errors", true);
          } else {
            setStatus("live");
          }
        }

        function request(n) {
          let p = images.get(n);
          if (p) return p;
          const token = preview.timeline.token;
          p = new Promise((resolve, reject) => {
            const img = new Image();
            img.onload = () => resolve(img);
            img.onerror = reject;
            img.src = "/frames/" + token + "/" + n;
          });
          p.catch(() => { if (images.get(n) === p) images.delete(n); });
          images.set(n, p);
          return p;
        }

        // The frames after n, asked for once n itself has come: the server renders the latest
        // request first (a scrub wants where the thumb is now), so asking for them with n
        // would put n last, behind twelve renders.
        function prefetch(n) {
          const token = preview.timeline.token;
          request(n).then(() => {
            if (preview.timeline.token !== token) return;
            const count = preview.timeline.frameCount;
            for (let k = 1; k <= 12; k++) request((n + k) % count);
          }, () => {});
        }

        function draw() {
          const t = preview.timeline, n = preview.frame, token = t.token;
          request(n).then((img) => {
            if (preview.frame !== n || preview.timeline.token !== token) return;
            ctx.clearRect(0, 0, view.width, view.height);
            ctx.drawImage(img, 0, 0);
            preview.drawn = { token, frame: n };
            document.body.dataset.drawn = token + ":" + n;
            if (preview.firstFrameMs === null) preview.firstFrameMs = performance.now();
          }, () => {});
          const time = n / t.fps, total = t.frameCount / t.fps;
          $("position").textContent = "frame " + n + " / " + (t.frameCount - 1) + " · " + time.toFixed(3) + " s / " + total.toFixed(3) + " s";
          scrub.value = n;
          updateParams();
        }

        function seek(n) {
          preview.frame = n;
          clock = { start: performance.now(), from: n };
          if (!preview.playing) history.replaceState(null, "", "#frame=" + n);
          draw();
          prefetch(n);
        }

        function setPlaying(on) {
          preview.playing = on;
          clock = { start: performance.now(), from: preview.frame };
          if (!on) history.replaceState(null, "", "#frame=" + preview.frame);
          updatePlayButton();
        }

        function updatePlayButton() {
          const b = $("play");
          b.textContent = preview.playing ? "❚❚" : "▶";
          b.setAttribute("aria-label", preview.playing ? "Pause" : "Play");
        }

        function tick(now) {
          const t = preview.timeline;
          if (preview.playing && t) {
            const advanced = Math.floor((now - clock.start) / 1000 * t.fps * preview.speed);
            const n = (clock.from + advanced) % t.frameCount;
            if (n !== preview.frame) {
              preview.frame = n;
              draw();
              prefetch(n);
            }
          }
          requestAnimationFrame(tick);
        }

        const svg = (name, attributes) => {
          const e = document.createElementNS("http://www.w3.org/2000/svg", name);
          for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
          return e;
        };
        const colours = ["#0a66d8", "#d9480f", "#2b8a3e", "#862e9c"];

        function buildParams(t) {
          const box = $("params");
          box.textContent = "";
          plots = [];
          if (t.params.length === 0) {
            box.innerHTML = '<p class="none">This timeline has no params.</p>';
            return;
          }
          const W = 300, H = 44, last = Math.max(t.frameCount - 1, 1);
          for (const p of t.params) {
            const row = document.createElement("div");
            row.className = "param";
            const name = document.createElement("span");
            name.className = "name";
            name.textContent = name.title = p.name;
            const value = document.createElement("span");
            value.className = "value";
            const plot = svg("svg", { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none" });
            plot.append(svg("rect", { x: 0, y: 0, width: W, height: H, fill: "#fafafa", stroke: "#e5e5ea" }));
            let lo = Infinity, hi = -Infinity;
            for (const v of p.values) for (const c of v) if (c !== null) { lo = Math.min(lo, c); hi = Math.max(hi, c); }
            if (!(hi > lo)) { lo -= 1; hi += 1; }
            const y = (c) => H - 4 - (c - lo) / (hi - lo) * (H - 8);
            for (const s of p.starts) {
              const x = Math.min(s * t.fps / last, 1) * W;
              plot.append(svg("line", { x1: x, x2: x, y1: 0, y2: H, stroke: "#8e8e93", "stroke-dasharray": "3 3" }));
            }
            const components = p.values.length ? p.values[0].length : 0;
            for (let c = 0; c < components; c++) {
              const points = p.values.map((v, n) => v[c] === null ? "" : `${(n / last * W).toFixed(1)},${y(v[c]).toFixed(1)}`).filter(Boolean);
              plot.append(svg("polyline", { points: points.join(" "), fill: "none", stroke: colours[c % colours.length], "stroke-width": 1.5 }));
            }
            const head = svg("line", { x1: 0, x2: 0, y1: 0, y2: H, stroke: "#1d1d1f", "stroke-width": 1 });
            plot.append(head);
            row.append(name, value, plot);
            box.append(row);
            plots.push({ p, value, head, W, last });
          }
        }

        function updateParams() {
          const n = preview.frame;
          for (const { p, value, head, W, last } of plots) {
            const v = p.values[Math.min(n, p.values.length - 1)] || [];
            value.textContent = v.length === 1 ? format(v[0]) : "[" + v.map(format).join(", ") + "]";
            const x = (n / last * W).toFixed(1);
            head.setAttribute("x1", x);
            head.setAttribute("x2", x);
          }
        }

        // A message at the bottom; it stays while `lasting` (an export under way), else fades after a while.
        function toast(text, bad, lasting) {
          const t = $("toast");
          t.textContent = text;
          t.className = bad ? "bad" : "";
          t.hidden = false;
          clearTimeout(toast.timer);
          if (!lasting) toast.timer = setTimeout(() => { t.hidden = true; }, bad ? 8000 : 4000);
        }

        async function exportFile(kind, overwrite) {
          const buttons = document.querySelectorAll("[data-export]");
          buttons.forEach((b) => { b.disabled = true; });
          toast("writing " + kind.toUpperCase() + "…", false, true);
          try {
            const q = "kind=" + kind + "&frame=" + preview.frame + (overwrite ? "&overwrite=1" : "");
            const r = await fetch("/export?" + q, { method: "POST", headers: { "X-Animate-Preview": "1" } });
            const body = await r.json();
            if (r.ok) toast("wrote " + body.path);
            else if (r.status === 409 && !overwrite && confirm(body.message + "\n\nReplace it?")) return exportFile(kind, true);
            else toast(body.message, true);
          } catch (e) {
            toast("export failed: " + e, true);
          } finally {
            buttons.forEach((b) => { b.disabled = false; });
          }
        }

        $("play").addEventListener("click", () => setPlaying(!preview.playing));
        scrub.addEventListener("input", () => { if (preview.timeline) { setPlaying(false); seek(parseInt(scrub.value, 10)); } });
        document.querySelectorAll("[data-speed]").forEach((b) => b.addEventListener("click", () => {
          preview.speed = parseFloat(b.dataset.speed);
          clock = { start: performance.now(), from: preview.frame };
          document.querySelectorAll("[data-speed]").forEach((o) => o.setAttribute("aria-pressed", String(o === b)));
        }));
        document.querySelectorAll("[data-export]").forEach((b) => b.addEventListener("click", () => exportFile(b.dataset.export, false)));
        document.addEventListener("keydown", (e) => {
          if (!preview.timeline || e.target.tagName === "INPUT" && e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
          const count = preview.timeline.frameCount;
          if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
            e.preventDefault();
            setPlaying(false);
            seek((preview.frame + (e.key === "ArrowRight" ? 1 : count - 1)) % count);
          } else if (e.key === " ") {
            e.preventDefault();
            setPlaying(!preview.playing);
          }
        });
        window.addEventListener("hashchange", () => {
          const h = hashFrame();
          if (h !== null && preview.timeline && h !== preview.frame) { setPlaying(false); seek(clamp(h)); }
        });
        poll();
        requestAnimationFrame(tick);

        """#
}
