export {
  makeAppBootstrap as bootstrapFixture,
  makeUser as userFixture,
} from '@cadence/app-shell/test/fixtures';
