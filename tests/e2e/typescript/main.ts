// Runs `play` against the server at the first argument, with the API key of the second;
// prints what it read.
import { play } from "./play.js";

declare const process: { argv: string[]; exitCode?: number };

play(process.argv[2] ?? "", process.argv[3] ?? "").then(
  (played) => console.log(JSON.stringify(played)),
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
