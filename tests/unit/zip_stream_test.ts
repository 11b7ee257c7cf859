import { unzipSync } from "fflate";
import { crc32, type ZipEntry, zipStream } from "../../src/services/zip-stream.ts";
import { assert, assertEquals } from "../_lib/assert.ts";

const date = new Date("2026-03-01T10:00:02Z");
const text = (s: string) => new TextEncoder().encode(s);

async function zipOf(batches: ZipEntry[][]): Promise<Uint8Array> {
  let i = 0;
  const stream = zipStream(() => Promise.resolve(i < batches.length ? batches[i++] : null));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Python's zipfile, as a second reader: the names, and the first file whose CRC is wrong. */
async function pythonReads(zip: Uint8Array): Promise<{ names: number; bad: string | null }> {
  const file = await Deno.makeTempFile({ suffix: ".zip" });
  try {
    await Deno.writeFile(file, zip);
    const out = await new Deno.Command("python3", {
      args: [
        "-c",
        "import json,sys,zipfile;z=zipfile.ZipFile(sys.argv[1]);print(json.dumps({'names':len(z.namelist()),'bad':z.testzip()}))",
        file,
      ],
      stdout: "piped",
    }).output();
    return JSON.parse(new TextDecoder().decode(out.stdout));
  } finally {
    await Deno.remove(file);
  }
}

const hasPython = (() => {
  try {
    return new Deno.Command("python3", { args: ["-c", "1"] }).outputSync().success;
  } catch {
    return false;
  }
})();

Deno.test("[unit] zip stream: stored and deflated files read back whole, UTF-8 names, CRC-32", async () => {
  assertEquals(crc32(text("123456789")), 0xcbf43926);
  const xml = text(`<?xml version="1.0"?><a>${"é".repeat(5000)}</a>`);
  const pdf = Uint8Array.from({ length: 3000 }, (_, i) => (i * 37) & 0xff);
  const zip = await zipOf([
    [{ name: "F2026-000001.pdf", data: pdf, date }, {
      name: "F2026-000001-ubl.xml",
      data: xml,
      date,
      deflate: true,
    }],
    [{ name: "Łódź-é.txt", data: text("zażółć"), date }],
  ]);
  const files = unzipSync(zip);
  assertEquals(Object.keys(files), ["F2026-000001.pdf", "F2026-000001-ubl.xml", "Łódź-é.txt"]);
  assertEquals(files["F2026-000001.pdf"], pdf);
  assertEquals(files["F2026-000001-ubl.xml"], xml);
  assert(zip.length < pdf.length + xml.length, "the XML is deflated");
  assertEquals(
    await zipOf([[{ name: "a", data: pdf, date }]]),
    await zipOf([[{ name: "a", data: pdf, date }]]),
  );
  if (hasPython) assertEquals(await pythonReads(zip), { names: 3, bad: null });
});

Deno.test({
  name: "[unit] zip stream: past 65,535 files the ZIP64 end records keep every file readable",
  ignore: !hasPython,
  async fn() {
    const batches: ZipEntry[][] = [];
    for (let i = 0; i < 70_000; i += 1000) {
      batches.push(
        Array.from(
          { length: 1000 },
          (_, k) => ({ name: `f${i + k}.txt`, data: text(`${i + k}`), date }),
        ),
      );
    }
    assertEquals(await pythonReads(await zipOf(batches)), { names: 70_000, bad: null });
  },
});
