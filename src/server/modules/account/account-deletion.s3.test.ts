/** DELETE /api/me with files in an S3 bucket (s3rver on loopback). */
import { useS3StandIn } from '../../../../test/storage-setups.js';
import { accountDeletionSuite } from './account-deletion.suite.js';

accountDeletionSuite({ driver: 's3', ...useS3StandIn() });
