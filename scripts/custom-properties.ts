import postcss from 'postcss';

/**
 * The CSS a page carries in its <style> element, without the custom properties none of its
 * rules reads (Bootstrap declares some two hundred, on :root and on each component): a page's
 * bytes decide how many round trips its first paint waits for. The full stylesheet, which
 * comes with the contact form, declares them all again.
 */
export function pruneCustomProperties(css: string): string {
  const root = postcss.parse(css);
  for (;;) {
    const read = new Set<string>();
    root.walkDecls((decl) => {
      for (const [, name] of decl.value.matchAll(/var\(\s*(--[\w-]+)/g)) read.add(name ?? '');
    });
    let removed = 0;
    root.walkDecls(/^--/, (decl) => {
      if (read.has(decl.prop)) return;
      decl.remove();
      removed += 1;
    });
    // A property read only by removed ones is unread now: go round until none goes.
    if (removed === 0) break;
  }
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}
