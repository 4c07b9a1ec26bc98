/**
 * The quizzes (A: the coder type, B: the value proposition) and the '/' quiz answer parameters.
 * /quiz is sent to the partner product page by the route table; this file's build serves it.
 */
import { describe, expect, test } from 'vitest';
import { arrivesAt, expectHealthyScreen, storedClientState, useE2E, visible } from './harness.ts';
import { useServedBuild } from './signupBuild.ts';

const build = useServedBuild({ serve: ['/quiz'] });
const e2e = useE2E({ distDir: build.distDir, funnelsDir: build.funnelsDir, copyDir: build.copyDir });

describe('the coder-type quiz (Quiz A)', () => {
  test("an answer given on the main site ('/' parameters) is already chosen; the type chosen most is the result", async () => {
    const page = await e2e.openPage('/?quizQuestionId=growsUp&quizAnswer=2');
    await expect.poll(async () => (await storedClientState(page)).quiz?.answers).toEqual({ growsUp: 2 });
    await page.goto(e2e.at('/quiz'), { waitUntil: 'domcontentloaded' });
    await visible(page.getByRole('heading', { level: 1, name: 'What kind of coder is your child?' }), 'the quiz');
    const growsUp = page.getByRole('group', { name: 'When your child grows up, they want to...' });
    // The answer is in the browser's storage: it shows chosen once the app has started on the server's page.
    await expect.poll(() => growsUp.getByRole('radio', { name: 'Be an artist or a designer' }).isChecked()).toBe(true);
    await expectHealthyScreen(page, '/quiz');

    // One question left open: the parent is told which.
    await page
      .getByRole('group', { name: 'What does screen time look like at home?' })
      .getByRole('radio', { name: 'Drawing, music and making videos' })
      .check();
    await page
      .getByRole('group', { name: 'How does your child learn best?' })
      .getByRole('radio', { name: 'By working out the rules' })
      .check();
    await page.getByRole('button', { name: 'See my result' }).click();
    await visible(page.getByRole('alert').getByText("Please answer: What is your child's go-to activity?"), 'the unanswered question');

    await page
      .getByRole('group', { name: "What is your child's go-to activity?" })
      .getByRole('radio', { name: 'Making up stories' })
      .check();
    await page.getByRole('button', { name: 'See my result' }).click();
    // Creative three times, Problem Solver once.
    await visible(page.getByRole('heading', { name: 'Your child is a Creative!' }), 'the coder type');
    await visible(page.getByText('Creatives love to make their own worlds.', { exact: false }), 'its text');
    expect((await storedClientState(page)).quiz?.answers).toEqual({ growsUp: 2, screenTimeAtHome: 2, learnBest: 3, goToActivity: 2 });
    await expectHealthyScreen(page, '/quiz result');
    await page.getByRole('link', { name: 'Choose your plan' }).click();
    await arrivesAt(page, (u) => u.pathname === '/', "'/' from the quiz");
  });

  test("a non-numeric answer on '/' is ignored", async () => {
    const page = await e2e.openPage('/?quizQuestionId=growsUp&quizAnswer=two');
    await visible(page.getByRole('heading', { level: 1 }), "'/'");
    expect((await storedClientState(page)).quiz?.answers ?? {}).toEqual({});
  });
});

describe('the value-proposition quiz (Quiz B, quiz experiment variant2)', () => {
  test('each answer shows its value, citing the educators and the computational-thinking gain', async () => {
    const page = await e2e.openPage('/quiz?variantOverride=quiz:variant2', { viewport: { width: 390, height: 844 } });
    await visible(page.getByRole('heading', { level: 1, name: 'Is Codeling right for your family?' }), 'Quiz B');
    await page
      .getByRole('group', { name: 'How much screen time does your child have at home?' })
      .getByRole('radio', { name: 'More than two hours a day' })
      .check();
    await page
      .getByRole('group', { name: 'Why are you interested in coding for your child?' })
      .getByRole('radio', { name: 'Skills for the future' })
      .check();
    await page
      .getByRole('group', { name: 'Which other skill matters most to you?' })
      .getByRole('radio', { name: 'Problem solving' })
      .check();
    await page.getByRole('button', { name: 'See my result' }).click();
    await visible(page.getByRole('heading', { name: 'Here is what Codeling gives your family:' }), 'the result');
    const values = (await page.locator('.quiz__result li').allInnerTexts()).map((x) => x.trim());
    expect(values).toEqual([
      'Swap passive watching for creating and coding.',
      'Trusted by 130,000+ educators to teach the skills of the future.',
      'Puzzles that build problem solving step by step.',
    ]);
    await expectHealthyScreen(page, '/quiz B result');
  });
});
