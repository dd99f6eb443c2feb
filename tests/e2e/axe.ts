/**
 * axe-core for the e2e tests, as `@axe-core/playwright` runs it, in its « legacy » mode:
 * `axe.run()` in the page itself. The default mode runs `axe.runPartial()` in each frame, then
 * opens a blank page in the test's browser context, injects axe-core there a second time and
 * finishes the run in it, for cross-origin frames, which no screen of this project has (no
 * iframe). Same rules, same results (violations, passes, incomplete), in about half the time:
 * /pageServices at 390 px 3.6 to 5.3 s against 8.5 to 20 s, /pageLogin 1.9 to 3.1 s against
 * 4 to 4.7 s, at load 9 to 11 (docs/testing.md, « Durée »).
 */
import PlaywrightAxeBuilder from '@axe-core/playwright';

export default class AxeBuilder extends PlaywrightAxeBuilder {
  constructor(options: ConstructorParameters<typeof PlaywrightAxeBuilder>[0]) {
    super(options);
    this.setLegacyMode(true);
  }
}
