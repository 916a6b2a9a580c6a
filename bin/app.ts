#!/usr/bin/env node
/**
 * CDK entry point: `cdk synth -c stage=prod` (default stage: dev). Everything else lives in lib/app.ts.
 */
import { App } from 'aws-cdk-lib';
import { buildApp } from '../lib/app';

const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? 'dev');
buildApp(stage, { app });
app.synth();
