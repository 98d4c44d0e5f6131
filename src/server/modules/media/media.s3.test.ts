/** The storage and media calls on the S3 driver, against s3rver on loopback. */
import { useS3StandIn } from '../../../../test/storage-setups.js';
import { mediaSuite } from './media.suite.js';

mediaSuite({ driver: 's3', heavy: false, ...useS3StandIn() });
