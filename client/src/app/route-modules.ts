// Build time only (client/vite.config.ts and its test; never imported by the app): reads router.tsx, the one
// source of truth for the routes, and tells which page modules each address loads. The build writes the answer
// next to Vite's manifest; the server then names those modules' chunks in the HTML of that address, so the
// browser fetches the page with the entry instead of after it (server/plugins/client.ts).
import ts from 'typescript';

export type RouteModules = {
  /** The full pattern as React Router matches it: '/reprograma', '/newsletter/:campaign/:slug', '/*'. */
  path: string;
  /** Import specifiers as written in router.tsx ('../features/…/ReprogramaPage', './query-scope'), outermost first. */
  modules: string[];
};

/** What `page(() => import('…'), { query })` loads: the page, and the query library's scope unless query is false. */
const QUERY_SCOPE = './query-scope';

function fail(node: ts.Node, source: ts.SourceFile, why: string): never {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  throw new Error(`router.tsx:${line + 1}: ${why} (client/src/app/route-modules.ts reads the route table)`);
}

function propertyName(property: ts.ObjectLiteralElementLike): string | undefined {
  if (!('name' in property) || !property.name) return undefined;
  const { name } = property;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

function findConst(source: ts.SourceFile, name: string): ts.Expression {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) return declaration.initializer;
    }
  }
  throw new Error(`router.tsx has no 'const ${name}' (client/src/app/route-modules.ts reads the route table)`);
}

/** `pages`: each key's modules, from `page(() => import('spec')…, { query: false }?)`. */
function readPages(source: ts.SourceFile): Map<string, string[]> {
  const pages = findConst(source, 'pages');
  if (!ts.isObjectLiteralExpression(pages)) fail(pages, source, "'pages' is not an object literal");
  const result = new Map<string, string[]>();
  for (const property of pages.properties) {
    const key = propertyName(property);
    if (!key || !ts.isPropertyAssignment(property) || !ts.isCallExpression(property.initializer)) {
      fail(property, source, "every entry of 'pages' must be `key: page(() => import('…'), options?)`");
    }
    const call = property.initializer;
    let specifier: string | undefined;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        if (argument && ts.isStringLiteralLike(argument)) specifier = argument.text;
      }
      if (!specifier) ts.forEachChild(node, visit);
    };
    visit(call.arguments[0] ?? call);
    if (!specifier) fail(call, source, `pages.${key} has no import('…') with a literal path`);
    const options = call.arguments[1];
    const noQuery =
      options !== undefined &&
      ts.isObjectLiteralExpression(options) &&
      options.properties.some(
        (option) => propertyName(option) === 'query' && ts.isPropertyAssignment(option) && option.initializer.kind === ts.SyntaxKind.FalseKeyword,
      );
    result.set(key, noQuery ? [specifier] : [specifier, QUERY_SCOPE]);
  }
  return result;
}

const join = (parent: string, child: string) => (child.startsWith('/') ? child : `${parent.replace(/\/$/, '')}/${child}`);

/** Every address of `routes` that shows a page, with the modules of its pages (layouts' pages first). */
export function routeModules(routerSource: string): RouteModules[] {
  const source = ts.createSourceFile('router.tsx', routerSource, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const pages = readPages(source);
  const table = findConst(source, 'routes');
  const found: RouteModules[] = [];

  const walk = (list: ts.Expression, parentPath: string, parentModules: string[]) => {
    if (!ts.isArrayLiteralExpression(list)) fail(list, source, 'a route list is not an array literal');
    for (const route of list.elements) {
      if (!ts.isObjectLiteralExpression(route)) fail(route, source, 'a route is not an object literal');
      let path = parentPath;
      let modules = parentModules;
      let children: ts.Expression | undefined;
      let shows = false;
      for (const property of route.properties) {
        const name = propertyName(property);
        if (ts.isSpreadAssignment(property)) {
          // `...show(pages.key)`
          const spread = property.expression;
          const argument = ts.isCallExpression(spread) ? spread.arguments[0] : undefined;
          if (!argument || !ts.isPropertyAccessExpression(argument) || !pages.has(argument.name.text)) {
            fail(property, source, 'a spread in a route must be `...show(pages.key)`');
          }
          modules = [...new Set([...modules, ...pages.get(argument.name.text)!])];
          shows = true;
        } else if (name === 'path' && ts.isPropertyAssignment(property)) {
          if (!ts.isStringLiteralLike(property.initializer)) fail(property, source, 'a route path must be a string literal');
          path = join(parentPath, property.initializer.text);
        } else if (name === 'children' && ts.isPropertyAssignment(property)) {
          children = property.initializer;
        }
      }
      if (shows) found.push({ path, modules });
      if (children) walk(children, path, modules);
    }
  };
  walk(table, '', []);
  // An index route has its layout's path: the index (found after its layout) is what that address shows.
  return [...new Map(found.map((route) => [route.path, route])).values()];
}
