/**
 * RFC 6570 URI templates as MCP resource templates use them (`demo://resource/{id}`,
 * `file:///{+path}`, `search://{?q,lang}`): the variables a form must ask for, and the URI for
 * the values given. Level 3 expressions (operators + # . / ; ? &, comma-separated variables) with
 * string values; an empty value leaves a query variable out, as the RFC says for undefined ones.
 */
const EXPRESSION = /\{([+#./;?&]?)([^}]+)\}/g;

/** Variable names in order of first appearance (modifiers such as `:3` or `*` dropped). */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(EXPRESSION)) {
    for (const v of m[2]!.split(',')) {
      const name = v.trim().replace(/(\*|:\d+)$/, '');
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

const encode = (value: string, allowReserved: boolean) =>
  allowReserved ? encodeURI(value).replace(/%25([0-9A-Fa-f]{2})/g, '%$1') : encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const OPERATORS: Record<string, { first: string; sep: string; named: boolean; reserved: boolean }> = {
  '': { first: '', sep: ',', named: false, reserved: false },
  '+': { first: '', sep: ',', named: false, reserved: true },
  '#': { first: '#', sep: ',', named: false, reserved: true },
  '.': { first: '.', sep: '.', named: false, reserved: false },
  '/': { first: '/', sep: '/', named: false, reserved: false },
  ';': { first: ';', sep: ';', named: true, reserved: false },
  '?': { first: '?', sep: '&', named: true, reserved: false },
  '&': { first: '&', sep: '&', named: true, reserved: false },
};

export function expandTemplate(template: string, values: Record<string, string>): string {
  return template.replace(EXPRESSION, (_, op: string, list: string) => {
    const o = OPERATORS[op]!;
    const parts: string[] = [];
    for (const raw of list.split(',')) {
      const prefix = /:(\d+)$/.exec(raw.trim());
      const name = raw.trim().replace(/(\*|:\d+)$/, '');
      let value = values[name];
      if (value === undefined || (value === '' && o.named && op !== ';')) continue;
      if (prefix) value = value.slice(0, Number(prefix[1]));
      const enc = encode(value, o.reserved);
      parts.push(o.named ? (value === '' ? name : `${name}=${enc}`) : enc);
    }
    return parts.length ? o.first + parts.join(o.sep) : '';
  });
}
