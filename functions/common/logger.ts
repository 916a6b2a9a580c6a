import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs (level from POWERTOOLS_LOG_LEVEL); each request appends its id and route. */
export const logger = new Logger({ serviceName: 'questionnaire-workspace' });
