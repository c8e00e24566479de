#!/usr/bin/env node
// The `findings-gate` command: the committed bundle of src/cli.ts (npm run package).
import '../dist/cli/index.js'
