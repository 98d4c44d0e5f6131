// Types of check-css-names.mjs for the TypeScript tests that import it.
export interface CssFile { file: string; text: string }
export interface CssProblem { file: string; line: number; message: string; selector?: string }
export const GLOBAL_FILES: string[];
export function ownedBy(entry: string, name: string): boolean;
export function declaredNames(text: string): string[] | null;
export function checkCss(files: CssFile[], globals?: string[]): CssProblem[];
export function repoCssFiles(root: string): CssFile[];
export function formatProblem(p: CssProblem): string;
