// What a process entry point needs to run the API (used by scripts/start.ts and api/src/main.ts).
export { loadEnv, type Env } from './env';
export { createLogger, type Logger } from './lib/logger';
export { bootDatabase, welcomeText } from './boot';
export { createApp, type App } from './app';
export { compileProxyTrust } from './middleware/client-address';
export { createJobSystem, type JobSystem } from './jobs/job-system';
export { jobRoutes } from './routes/jobs';
export { startConversationCore } from './services/conversations/core';
export { startDealerFeedSimulator, DEFAULT_FEED_INTERVAL_MS, type DealerFeedSimulator } from './services/boards/simulator';
export { startAssistantLoop, type RunningAssistantLoop } from './services/assistant-loop';
export { startHttpServer, type RunningServer, type UpgradeHandler } from './server';
export { startInitiationWorker } from './services/interactions';
export { startPlannerRunner } from './services/planners/runner';
export { startDataSyncWorker } from './services/data-sync/worker';
export { startDatabaseMaintenance } from './db/maintenance';
export { startLeadWorkers } from './services/workflow/workers';
