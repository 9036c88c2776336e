/**
 * The model run as a survey: every case runs to the end whatever it finds, and each kind of
 * broken promise is recorded with the case that first showed it. How a change to the model is
 * shown to find known holes, and how many cases each takes.
 */
const KINDS: [kind: string, test: RegExp][] = [
  ['a cleared booking whose decision kept money was refunded again', /decision gave back .*\(registration archived by a clear/],
  ['a cancelled booking was refunded beyond its decision', /decision gave back .*\(registration (cancelled|refund_pending|refunded)/],
  ['one refund was made twice at the provider', /was made \d+ times at the provider/],
  ['a one-use code sold past its limit to a buyer who let the checkout go', /the one-use code sold \d+ discounted seats \(\d+ to late payers, [1-9]/],
  ['money a decision kept went back (goodwill past hand money on a seat that kept its price)', /its decisions left \(.*goodwill.*\): \d+ they kept went back/],
];

export class Survey {
  private readonly first = new Map<string, { caseNo: number; count: number; example: string }>();

  /** Runs one case; never fails the property. A failing case is printed at once, with the scenario to replay it. */
  async run(caseNo: number, body: () => Promise<void>, scenario?: unknown): Promise<boolean> {
    try {
      await body();
    } catch (err) {
      const text = String((err as Error).message ?? err);
      console.log(`survey: case ${caseNo} failed:\n${text}\nscenario: ${JSON.stringify(scenario)}`);
      const lines = text.split('\n').filter((l) => l.trim() && !l.startsWith('after settling'));
      const kinds = new Set(lines.map((l) => KINDS.find(([, re]) => re.test(l))?.[0] ?? `other: ${l.trim().replace(/[0-9a-f-]{36}|[A-Z0-9_]{10,}/g, '…').slice(0, 120)}`));
      for (const k of kinds) {
        const f = this.first.get(k);
        if (f) f.count++;
        else this.first.set(k, { caseNo, count: 1, example: lines.find((l) => (KINDS.find(([name]) => name === k)?.[1] ?? /./).test(l))?.trim() ?? '' });
      }
    }
    return true;
  }

  report(cases: number): string {
    const rows = [...this.first.entries()].sort((a, b) => a[1].caseNo - b[1].caseNo);
    const out = [`money model survey: ${cases} cases, ${rows.length} kind(s) of failure`];
    for (const [kind, f] of rows) out.push(`- ${kind}: first in case ${f.caseNo}, in ${f.count} case(s); e.g. ${f.example.slice(0, 300)}`);
    for (const [kind] of KINDS) if (!this.first.has(kind)) out.push(`- not found: ${kind}`);
    return out.join('\n');
  }
}
