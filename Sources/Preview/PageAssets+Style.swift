extension PageAssets {
    /// The page's style sheet.
    static let style = """
        :root { color-scheme: light; --ink: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7; --accent: #0a66d8; --bad: #c5221f; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", "Inter", "DejaVu Sans", sans-serif; color: var(--ink); background: #f5f5f7; }
        header { display: flex; align-items: center; gap: 16px; padding: 10px 20px; background: #fff; border-bottom: 1px solid var(--line); }
        h1 { font-size: 16px; margin: 0; font-weight: 600; }
        .brand { color: var(--muted); font-weight: 500; }
        .status { font-size: 12px; color: var(--muted); }
        .status.ok::before { content: "●"; color: #1e9e4a; margin-right: 5px; }
        .status.bad { color: var(--bad); }
        .status.bad::before { content: "●"; margin-right: 5px; }
        .exports { margin-left: auto; display: flex; gap: 6px; }
        button { font: inherit; padding: 4px 12px; border: 1px solid var(--line); border-radius: 6px; background: #fff; color: var(--ink); cursor: pointer; }
        button:hover { border-color: var(--accent); }
        button:disabled { opacity: .5; cursor: default; }
        button[aria-pressed="true"] { background: var(--accent); border-color: var(--accent); color: #fff; }
        main { max-width: 1100px; margin: 0 auto; padding: 20px; }
        .stage { display: flex; justify-content: center; }
        .canvas-wrap { position: relative; display: inline-block; max-width: 100%; line-height: 0; border: 1px solid var(--line);
          background: conic-gradient(#eee 25%, #fff 0 50%, #eee 0 75%, #fff 0) 0 0 / 16px 16px; }
        .canvas-wrap:has(#view[width="1"]) { width: 480px; height: 200px; }
        #view { display: block; max-width: 100%; height: auto; }
        #errors { position: absolute; left: 0; right: 0; bottom: 0; max-height: 50%; overflow: auto; line-height: 1.4;
          background: rgba(255, 244, 243, .94); border-top: 3px solid var(--bad); padding: 8px 12px; }
        #errors[hidden] { display: none; }
        .errors-head { margin: 0 0 4px; color: var(--bad); font-weight: 600; font-size: 13px; }
        #errors pre { margin: 0; white-space: pre-wrap; word-break: break-word; font: 12px/1.45 ui-monospace, "DejaVu Sans Mono", monospace; color: #5c1210; }
        .transport { display: flex; align-items: center; gap: 12px; margin: 14px auto 0; max-width: 760px; }
        .play { width: 42px; }
        #scrub { flex: 1; accent-color: var(--accent); }
        .position { font-variant-numeric: tabular-nums; color: var(--muted); min-width: 190px; text-align: right; font-size: 13px; }
        .speeds { display: flex; gap: 4px; }
        .speeds button { padding: 4px 8px; font-size: 12px; }
        .params { margin: 20px auto 0; max-width: 760px; background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; }
        .params h2 { font-size: 13px; margin: 0 0 6px; }
        .params h2 small { font-weight: 400; color: var(--muted); margin-left: 6px; }
        .param { display: grid; grid-template-columns: 150px 1fr 300px; align-items: center; gap: 12px; padding: 5px 0; border-top: 1px solid #eee; }
        .param .name { font: 13px ui-monospace, "DejaVu Sans Mono", monospace; overflow: hidden; text-overflow: ellipsis; }
        .param .value { font: 12px ui-monospace, "DejaVu Sans Mono", monospace; color: var(--muted); font-variant-numeric: tabular-nums; }
        .param svg { width: 300px; height: 44px; display: block; }
        .param .none { color: var(--muted); font-size: 12px; }
        #toast { position: fixed; left: 50%; bottom: 20px; transform: translateX(-50%); background: var(--ink); color: #fff; padding: 8px 14px;
          border-radius: 8px; font-size: 13px; max-width: 80vw; }
        #toast.bad { background: var(--bad); }
        #toast[hidden] { display: none; }

        """
}
