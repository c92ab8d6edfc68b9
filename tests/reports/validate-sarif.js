#!/usr/bin/env node
// Validate SARIF files against the official SARIF 2.1.0 JSON schema, the copy
// that ships in the @microsoft/sarif-multitool-linux package, with ajv.
// usage: node validate-sarif.js FILE...   (exit 1 on the first invalid file)
'use strict';
const fs = require('fs');
const path = require('path');
const Ajv2020 = require('ajv/dist/2020').default;
const addFormats = require('ajv-formats').default;

const schemaPath = path.join(__dirname, 'node_modules/@microsoft/sarif-multitool-linux/sarif-2.1.0.json');
const schema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);
let bad = 0;
for (const f of process.argv.slice(2)) {
  const doc = JSON.parse(fs.readFileSync(f, 'utf8'));
  if (validate(doc)) {
    console.log(`${f}: valid SARIF 2.1.0 (${schema.title})`);
  } else {
    bad++;
    for (const e of validate.errors) console.log(`${f}: ${e.instancePath || '/'} ${e.message}`);
  }
}
process.exit(bad ? 1 : 0);
