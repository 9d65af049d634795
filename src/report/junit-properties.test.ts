/**
 * junit.xml carries the run's seed, target and kit version as <properties> of every <testsuite>,
 * escaped (still well-formed XML) and redacted (no secret, no password in the target's URL).
 *
 *   npx vitest run src/report/junit-properties.test.ts
 */
import { describe, expect, it } from 'vitest';
import { junitWithProperties } from './junit-properties.ts';

const SECRET = 'glpat-admin-token-value';

const JUNIT = `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="vitest tests" tests="2" failures="0" errors="0" time="1">
    <testsuite name="suites/users/list.test.ts" timestamp="t" hostname="vm" tests="1" failures="0" errors="0" skipped="0" time="1">
        <testcase classname="suites/users/list.test.ts" name="users.list.status GET answers 200" time="0.1">
        </testcase>
    </testsuite>
    <testsuite name="suites/keys/list.test.ts" timestamp="t" hostname="vm" tests="1" failures="0" errors="0" skipped="0" time="1">
        <testcase classname="suites/keys/list.test.ts" name="keys.list.status GET answers 200" time="0.1">
        </testcase>
    </testsuite>
</testsuites>
`;

/** Well-formed XML, checked by hand: every tag closed in order, attributes quoted, no raw & or <. */
function wellFormed(xml: string): boolean {
  const body = xml.replace(/^<\?xml[^>]*\?>/, '');
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w.-]*)((?:\s+[\w.:-]+="[^"<]*")*)\s*(\/?)>/g;
  let at = 0;
  for (let m = tag.exec(body); m; m = tag.exec(body)) {
    const text = body.slice(at, m.index);
    if (/[<>]|&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(text)) return false;
    if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(m[3] ?? '')) return false;
    if (m[1]) {
      if (stack.pop() !== m[2]) return false;
    } else if (!m[4]) stack.push(m[2]!);
    at = tag.lastIndex;
  }
  return stack.length === 0 && !/[<>]/.test(body.slice(at));
}

describe('junitWithProperties', () => {
  it('gives every testsuite the seed, target and kit version, and the file stays well-formed', () => {
    const out = junitWithProperties(JUNIT, { seed: 1739, target: 'https://gitlab.example.com', kitVersion: '0.1.0' }, []);
    expect(out.match(/<properties>/g)).toHaveLength(2);
    expect(out).toContain(
      [
        '    <testsuite name="suites/keys/list.test.ts" timestamp="t" hostname="vm" tests="1" failures="0" errors="0" skipped="0" time="1">',
        '        <properties>',
        '            <property name="conformance.seed" value="1739"/>',
        '            <property name="conformance.target" value="https://gitlab.example.com"/>',
        '            <property name="conformance.kitVersion" value="0.1.0"/>',
        '        </properties>',
        '        <testcase',
      ].join('\n'),
    );
    expect(wellFormed(JUNIT)).toBe(true);
    expect(wellFormed(out)).toBe(true);
  });

  it('escapes what XML would misread and redacts the secrets and a password in the URL', () => {
    const target = `https://root:hunter2-password@gitlab.example.com/a?"<&'>\u0001?t=${SECRET}`;
    const out = junitWithProperties(JUNIT, { seed: 1, target, kitVersion: '1.0.0-"rc"' }, [SECRET]);
    expect(out).not.toContain(SECRET);
    expect(out).not.toContain('hunter2');
    expect(out).toContain('value="https://[redacted]@gitlab.example.com/a?&quot;&lt;&amp;&apos;&gt;?t=[redacted]"');
    expect(out).toContain('value="1.0.0-&quot;rc&quot;"');
    expect(wellFormed(out)).toBe(true);
  });
});
