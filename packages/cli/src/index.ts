export interface MainContext {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export async function main(_argv: string[], context: MainContext): Promise<number> {
  context.stdout.write('docsgen\n');
  return 0;
}
