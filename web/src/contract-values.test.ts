import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The web takes plain values (limits, option lists, text helpers) from `@openlfg/contracts`. A value that lives in
 * a module building TypeBox schemas brings TypeBox (about 14 kB gzip) and every schema of that module into the
 * page that uses it, since a schema's construction is code the bundler must keep: one such constant once put
 * 16 kB on the project page. The schemas the web does run are named here, with the reason.
 */
const SCHEMAS_THE_WEB_RUNS = new Map([
  [
    'PostGroupBody',
    'the group form checks its input as the server will (features/groups/post-form-check.ts)',
  ],
  [
    'API_SCHEMAS',
    "development's check of each answer against its schema (lib/api-answer-check.ts, never in production)",
  ],
]);

const webSrc = path.dirname(fileURLToPath(import.meta.url));
const contractsIndex = path.resolve(webSrc, '../../contracts/src/index.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-fixtures/.test(entry.name) ? [file] : [];
  });
}

/** The names an import or re-export statement takes as values (type-only ones load nothing). */
function valueSpecifiers(statement: ts.Statement): readonly (ts.ImportSpecifier | ts.ExportSpecifier)[] {
  if (ts.isImportDeclaration(statement)) {
    const bindings = statement.importClause?.namedBindings;
    if (statement.importClause?.isTypeOnly || !bindings || !ts.isNamedImports(bindings)) return [];
    return bindings.elements.filter((element) => !element.isTypeOnly);
  }
  if (ts.isExportDeclaration(statement)) {
    const clause = statement.exportClause;
    if (statement.isTypeOnly || !clause || !ts.isNamedExports(clause)) return [];
    return clause.elements.filter((element) => !element.isTypeOnly);
  }
  return [];
}

function moduleOf(statement: ts.Statement): string | undefined {
  const from =
    ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
      ? statement.moduleSpecifier
      : undefined;
  return from && ts.isStringLiteral(from) ? from.text : undefined;
}

/** The names the web's shipped code takes from the contracts as values, each with a file that uses it. */
function webValueImports(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of sourceFiles(webSrc)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (moduleOf(statement) !== '@openlfg/contracts') continue;
      for (const specifier of valueSpecifiers(statement)) {
        const name = (specifier.propertyName ?? specifier.name).text;
        if (!names.has(name)) names.set(name, path.relative(webSrc, file));
      }
    }
  }
  return names;
}

describe("the web's values from the contracts", () => {
  const program = ts.createProgram([contractsIndex], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(contractsIndex);
  const indexSymbol = index && checker.getSymbolAtLocation(index);
  if (!indexSymbol) throw new Error(`cannot read ${contractsIndex}`);
  /** Each export's module, through the index's `export *`s. */
  const exportedFrom = new Map(
    checker.getExportsOfModule(indexSymbol).map((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const declared = target.declarations?.[0]?.getSourceFile() ?? index;
      return [symbol.name, declared] as const;
    }),
  );

  /** Whether loading a contracts module loads TypeBox: it imports it, or a module that does, as values. */
  const loadsTypebox = (file: ts.SourceFile, seen = new Set<string>()): boolean => {
    if (seen.has(file.fileName)) return false;
    seen.add(file.fileName);
    return file.statements.some((statement) => {
      const from = moduleOf(statement);
      if (!ts.isImportDeclaration(statement) || !from || valueSpecifiers(statement).length === 0)
        return false;
      if (from === 'typebox' || from.startsWith('typebox/')) return true;
      if (!from.startsWith('.')) return false;
      const imported = program.getSourceFile(
        path.resolve(path.dirname(file.fileName), from.replace(/\.js$/, '.ts')),
      );
      return imported !== undefined && loadsTypebox(imported, seen);
    });
  };

  it('come from modules without schemas, but for the schemas the web runs', () => {
    const imports = webValueImports();
    expect(imports.size).toBeGreaterThan(50);
    const fromSchemaModules = [...imports]
      .map(([name, usedIn]) => {
        const module = exportedFrom.get(name);
        if (!module) throw new Error(`${usedIn} imports ${name}, which @openlfg/contracts does not export`);
        return { name, usedIn, module: path.basename(module.fileName), loadsTypebox: loadsTypebox(module) };
      })
      .filter((value) => value.loadsTypebox && !SCHEMAS_THE_WEB_RUNS.has(value.name));
    // Move such a value to a module of plain values (constants.ts, group-constants.ts, error-codes.ts...).
    expect(fromSchemaModules).toEqual([]);
  });

  it('name only schemas the web still runs', () => {
    const imports = webValueImports();
    for (const name of SCHEMAS_THE_WEB_RUNS.keys()) expect(imports.has(name), name).toBe(true);
  });
});
