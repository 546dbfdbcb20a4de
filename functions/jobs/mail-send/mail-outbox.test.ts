import { beforeAll, describe, expect, it } from 'vitest';
import { PurgeQueueCommand, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { OutgoingMail } from '../../domain/ports/mailer';
import { call, seedShop, seedUser, testDeps, type SeededShop, type TestDeps } from '../../test-support/harness';
import { linkParam } from '../../test-support/mail-links';

/**
 * The mail outbox end to end on DynamoDB Local and fauxqs: the API queues, the local poller runs the
 * worker through the job chain, the mailer is the only fake. The clock is ours so the sweeper and
 * the throttles can be moved past their windows.
 */
let clock = new Date('2026-11-24T09:00:00Z');
const tick = (seconds: number) => { clock = new Date(clock.getTime() + seconds * 1000); };

/** Fails the next `failures` sends, then delivers into `sent`. */
class FlakyMailer {
  sent: OutgoingMail[] = [];
  failures = 0;
  calls = 0;
  async send(mail: OutgoingMail) {
    this.calls++;
    if (this.failures > 0) {
      this.failures--;
      throw new Error('SES: Throttling');
    }
    this.sent.push(mail);
  }
}

let deps: TestDeps;
let mailer: FlakyMailer;
let shop: SeededShop;

beforeAll(async () => {
  mailer = new FlakyMailer();
  deps = await testDeps({ now: () => clock, mailer });
  shop = await seedShop(deps, { plan: 'MONTHLY' });
});

const mailsTo = (to: string) => mailer.sent.filter((m) => m.to === to);

/** Every DynamoDB and SQS call the API makes while `run` runs, by command name. */
async function callsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const db = deps.db as unknown as { send: (c: object) => Promise<unknown> };
  const sqs = deps.sqs as unknown as { send: (c: object) => Promise<unknown> };
  const [dbSend, sqsSend] = [db.send.bind(db), sqs.send.bind(sqs)];
  db.send = (c) => { seen.push(`dynamo:${c.constructor.name}`); return dbSend(c); };
  sqs.send = (c) => { seen.push(`sqs:${c.constructor.name}`); return sqsSend(c); };
  try {
    await run();
  } finally {
    db.send = dbSend;
    sqs.send = sqsSend;
  }
  return seen;
}

describe('forgot password', () => {
  it('queues {email} and answers at once, with the same answer and the same work for known and unknown emails', async () => {
    const staff = await seedUser(deps, shop.shop._id);
    let known: unknown;
    let unknown: unknown;
    const knownWork = await callsDuring(async () => { known = (await call(deps, 'auth.resetPin', { body: { email: staff.user.email } })).body; });
    const unknownWork = await callsDuring(async () => { unknown = (await call(deps, 'auth.resetPin', { body: { email: 'nobody@example.pk' } })).body; });
    expect(known).toEqual({ msg: 'If an account exists for this email, we have sent a link to reset the password.' });
    expect(unknown).toEqual(known);
    // a rate-limit hit, the job record, the message: no user lookup, no link, no SES call in the request
    expect(knownWork).toEqual(['dynamo:UpdateCommand', 'dynamo:PutCommand', 'sqs:SendMessageCommand']);
    expect(unknownWork).toEqual(knownWork);
    expect(mailsTo(staff.user.email)).toHaveLength(0);

    await deps.drainJobs();
    expect(mailsTo(staff.user.email)).toHaveLength(1);
    expect(mailsTo('nobody@example.pk')).toHaveLength(0);
  });

  it('a newer reset link kills the older ones', async () => {
    const staff = await seedUser(deps, shop.shop._id);
    await call(deps, 'auth.resetPin', { body: { email: staff.user.email } });
    await deps.drainJobs();
    await call(deps, 'auth.resetPin', { body: { email: staff.user.email } });
    await deps.drainJobs();
    const [first, second] = mailsTo(staff.user.email);
    const body = { password: 'brand-new-pass-1', confirm_password: 'brand-new-pass-1' };
    const old = await call(deps, 'auth.resetPassword', { query: { hash: linkParam(first, 'hash') }, body });
    expect(old.body).toEqual({ errors: [{ msg: 'This reset link is not valid or has expired', code: 'VALIDATION_FAILED', param: 'hash' }] });
    const fresh = await call(deps, 'auth.resetPassword', { query: { hash: linkParam(second, 'hash') }, body });
    expect(fresh.body).toEqual({ msg: 'Password has been changed' });
  });
});

describe('a failed send is retried, not handed back to the user', () => {
  it('create-user answers "User created" while SES fails; the mail goes out on a later try', async () => {
    mailer.failures = 2;
    const before = mailer.calls;
    const created = await call(deps, 'users.create', {
      token: shop.ownerToken,
      body: { first_name: 'Sana', last_name: 'Iqbal', email: 'retry@example.pk', password: 'staff-pass-123', tag: 'packer', role: 'USER', access_scopes: ['READ_ORDERS'] },
    });
    expect(created.body.msg).toBe('User created');
    await deps.drainJobs();
    expect(mailer.calls - before).toBe(3);
    expect(mailsTo('retry@example.pk').map((m) => m.subject)).toEqual(['Verify your email for Dakiya']);
    const token = linkParam(mailsTo('retry@example.pk')[0], 'token');
    expect((await call(deps, 'auth.verifyEmail', { body: { token } })).body).toEqual({ msg: 'Email verified', existing_account: false });
  });

  it('a send that never works ends dead after the receive limit, its message in the dead-letter queue', async () => {
    mailer.failures = 1000;
    const staff = await seedUser(deps, shop.shop._id);
    await call(deps, 'auth.resetPin', { body: { email: staff.user.email } });
    const before = mailer.calls;
    await deps.drainJobs();
    expect(mailer.calls - before).toBe(5);
    mailer.failures = 0;
    const { Messages = [] } = await deps.sqs.send(new ReceiveMessageCommand({ QueueUrl: deps.queues.deadLetterUrls['mail.send'], MaxNumberOfMessages: 10 }));
    expect(Messages).toHaveLength(1);
    const { id } = JSON.parse(Messages[0]!.Body!) as { id: string };
    expect(await deps.jobRecords.get({ id })).toMatchObject({ status: 'dead', attempts: 5, lastError: 'Error: SES: Throttling' });
    // a dead record is out of the sweeper's index: it is never sent again by itself
    tick(86400);
    await deps.poller.runScheduled('jobs.sweep');
    await deps.drainJobs();
    expect(mailsTo(staff.user.email)).toHaveLength(0);
  });
});

describe('the job record is the truth', () => {
  it('a message lost on the way (fauxqs keeps nothing across a restart) is found and sent again by the sweeper', async () => {
    const staff = await seedUser(deps, shop.shop._id);
    await call(deps, 'auth.resetPin', { body: { email: staff.user.email } });
    // what an emulator restart does to the queue
    await deps.sqs.send(new PurgeQueueCommand({ QueueUrl: deps.queueUrls['mail.send'] }));
    await deps.drainJobs();
    expect(mailsTo(staff.user.email)).toHaveLength(0);

    // not yet overdue: the sweeper leaves it (a slow queue is not a lost message)
    await deps.poller.runScheduled('jobs.sweep');
    await deps.drainJobs();
    expect(mailsTo(staff.user.email)).toHaveLength(0);

    tick(2 * 120 + 1);
    await deps.poller.runScheduled('jobs.sweep');
    await deps.drainJobs();
    expect(mailsTo(staff.user.email)).toHaveLength(1);
    // and once done it is never sent again
    tick(86400);
    await deps.poller.runScheduled('jobs.sweep');
    await deps.drainJobs();
    expect(mailsTo(staff.user.email)).toHaveLength(1);
  });

  it('a send to SQS that fails leaves the record for the sweeper and the API still answers', async () => {
    const staff = await seedUser(deps, shop.shop._id);
    const sqs = deps.sqs as unknown as { send: (c: object) => Promise<unknown> };
    const original = sqs.send.bind(sqs);
    sqs.send = async (c) => { if (c instanceof SendMessageCommand) throw new Error('SQS unavailable'); return original(c); };
    try {
      expect((await call(deps, 'auth.resetPin', { body: { email: staff.user.email } })).status).toBe(200);
    } finally {
      sqs.send = original;
    }
    tick(2 * 120 + 1);
    await deps.poller.runScheduled('jobs.sweep');
    await deps.drainJobs();
    expect(mailsTo(staff.user.email)).toHaveLength(1);
  });

  it('two deliveries of one job send one mail', async () => {
    const staff = await seedUser(deps, shop.shop._id);
    await call(deps, 'auth.resetPin', { body: { email: staff.user.email } });
    const { Messages = [] } = await deps.sqs.send(new ReceiveMessageCommand({ QueueUrl: deps.queueUrls['mail.send'], VisibilityTimeout: 0 }));
    await deps.sqs.send(new SendMessageCommand({ QueueUrl: deps.queueUrls['mail.send'], MessageBody: Messages[0]!.Body! }));
    await deps.drainJobs();
    expect(mailsTo(staff.user.email)).toHaveLength(1);
  });

  it('a message that is not a job pointer ends in the dead-letter queue without touching anything', async () => {
    await deps.sqs.send(new SendMessageCommand({ QueueUrl: deps.queueUrls['mail.send'], MessageBody: 'not json' }));
    await deps.drainJobs();
    const { Messages = [] } = await deps.sqs.send(new ReceiveMessageCommand({ QueueUrl: deps.queues.deadLetterUrls['mail.send'], MaxNumberOfMessages: 10 }));
    expect(Messages.map((m) => m.Body)).toEqual(['not json']);
  });
});

describe('resend verification', () => {
  it('is throttled: one a minute and five an hour per user, with a clear message', async () => {
    const unverified = await seedUser(deps, shop.shop._id, { verified: false });
    const resend = () => call(deps, 'users.resendEmail', { token: shop.ownerToken, body: { account_id: unverified.user._id } });
    expect((await resend()).body).toEqual({ msg: 'Email sent' });
    expect(await resend()).toMatchObject({
      status: 429, body: { errors: [{ msg: 'A verification email was just sent. Wait a minute before sending another.', code: 'RATE_LIMITED' }] },
    });
    for (let i = 0; i < 4; i++) {
      tick(61);
      expect((await resend()).status).toBe(200);
    }
    tick(61);
    expect(await resend()).toMatchObject({ status: 429, body: { errors: [{ msg: 'Too many attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' }] } });
    await deps.drainJobs();
    // five mails; each link replaced the one before, so exactly one of them works (the worker ran them in parallel)
    const mails = mailsTo(unverified.user.email);
    expect(mails).toHaveLength(5);
    const answers = [];
    for (const mail of mails) answers.push((await call(deps, 'auth.verifyEmail', { body: { token: linkParam(mail, 'token') } })).status);
    expect(answers.filter((status) => status === 200)).toHaveLength(1);
    expect(answers.filter((status) => status === 400)).toHaveLength(4);
  });

  it('a queued verification for a user who verified meanwhile sends nothing', async () => {
    const unverified = await seedUser(deps, shop.shop._id, { verified: false });
    tick(3600);
    await call(deps, 'users.resendEmail', { token: shop.ownerToken, body: { account_id: unverified.user._id } });
    await deps.members.update(shop.shop._id, unverified.user._id, { is_verified_user: true });
    await deps.drainJobs();
    expect(mailsTo(unverified.user.email)).toHaveLength(0);
  });
});
