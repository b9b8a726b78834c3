#!/usr/bin/env python3
"""Time to the first frame on screen in `animate preview`, for every timeline given.

For each timeline: start `animate preview TIMELINE`, and as soon as it prints its URL
open the page in headless Chromium (driven over the DevTools pipe, fds 3 and 4) and
read `preview.firstFrameMs`: milliseconds from the page's navigation start until its
first frame is drawn on the canvas (page, script, state and the frame's PNG fetched,
the frame rendered on demand, decoded and drawn). Each timeline gets a new server and
a new page, `--runs` times; the median and the worst are printed, one line each.

Usage: Benchmarks/preview-first-frame.py [--binary .build/release/animate] [--runs 5] Timelines/*.json
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


class Browser:
    def __init__(self, folder):
        to_browser, self.commands = os.pipe()
        self.replies, from_browser = os.pipe()

        def descriptors():
            os.dup2(to_browser, 3)
            os.dup2(from_browser, 4)

        self.process = subprocess.Popen(
            ["/usr/lib/chromium/chromium" if os.path.exists("/usr/lib/chromium/chromium") else "chromium",
             "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--window-size=1000,760", f"--user-data-dir={folder}/p", "about:blank"],
            preexec_fn=descriptors, pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env=dict(os.environ, TMPDIR=folder))
        os.close(to_browser)
        os.close(from_browser)
        self.buffer = b""
        self.next = 0

    def send(self, method, params=None, session=None):
        self.next += 1
        message = {"id": self.next, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.replies, 1 << 16)
                if not chunk:
                    raise RuntimeError("the browser closed its pipe")
                self.buffer += chunk
            text, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(text)
            if reply.get("id") == self.next:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def close(self):
        try:
            self.send("Browser.close")
        except (RuntimeError, OSError):
            pass
        self.process.wait(timeout=10)


def first_frame(binary, timeline, browser):
    server = subprocess.Popen([binary, "preview", timeline], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        url = server.stdout.readline().decode().strip()
        target = browser.send("Target.createTarget", {"url": url})["targetId"]
        session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            result = browser.send("Runtime.evaluate", {"expression": "window.preview ? preview.firstFrameMs : null",
                                                       "returnByValue": True}, session)
            value = result.get("result", {}).get("value")
            if value is not None:
                browser.send("Target.closeTarget", {"targetId": target})
                return value
            time.sleep(0.01)
        raise RuntimeError(f"{timeline}: no frame within 30 s")
    finally:
        server.terminate()
        server.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/animate")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("timelines", nargs="+")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pv-") as folder:
        browser = Browser(folder)
        try:
            # One page first, so that the browser's own start is not counted.
            first_frame(args.binary, args.timelines[0], browser)
            for timeline in args.timelines:
                times = [first_frame(args.binary, timeline, browser) for _ in range(args.runs)]
                print(f"{os.path.basename(timeline):<20} first frame on screen: median {statistics.median(times):6.0f} ms,"
                      f" worst {max(times):6.0f} ms ({args.runs} runs)")
        finally:
            browser.close()


if __name__ == "__main__":
    sys.exit(main())
