// Measures the reply analyzer on the shipped labelled replies: trains on 80% (chosen by a hash
// of each id, so the split never changes between runs), scores the held-back 20%, then runs a
// 5-fold cross-validation over all replies for a steadier figure.
//   node --import tsx scripts/eval-assistant.ts [--errors]
import { INTENT_CODES } from '@drivebay/shared';
import { loadLabelledReplies } from '../api/src/services/assistant/dataset';
import { crossValidate, evaluate, splitReplies, type Report, type Score } from '../api/src/services/assistant/evaluation';

const FOLDS = 5;
const showErrors = process.argv.includes('--errors');
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const num = (n: number) => n.toFixed(2);
// A precision without predictions or a recall without examples is not a zero: there is nothing to measure.
const cells = (s: Score) =>
  `${s.predicted ? num(s.precision) : '–'} | ${s.support ? num(s.recall) : '–'} | ${s.predicted && s.support ? num(s.f1) : '–'} | ${s.support}`;

function print(title: string, report: Report) {
  console.info(`\n## ${title}: ${report.replies} replies`);
  console.info(`primary accuracy ${pct(report.primaryAccuracy)}`);
  console.info(`whole intent set exact ${pct(report.exactSetAccuracy)}, multi-label micro F1 ${num(report.multiLabelMicroF1)}`);
  console.info(`dates exact (start and hasTime) ${pct(report.dateAccuracy)} of ${report.dateReplies} DT replies; dates on non-DT replies: ${report.falseDates}`);
  console.info('\n| intent | primary P | R | F1 | n | multi-label P | R | F1 | n |');
  console.info('|---|---|---|---|---|---|---|---|---|');
  for (const code of INTENT_CODES) {
    console.info(`| ${code} | ${cells(report.primary[code])} | ${cells(report.multiLabel[code])} |`);
  }
  if (showErrors) {
    console.info('\nmisread:');
    for (const { reply, result } of report.errors) {
      const date = result.dateTimes[0];
      console.info(
        `  ${reply.id} ${JSON.stringify(reply.text)}\n    want ${reply.labels.join(',')} (${reply.primary})${reply.dateTime ? ` ${reply.dateTime.start} ${reply.dateTime.hasTime}` : ''}` +
          `\n    got  ${result.multiIntentNames.join(',')} (${result.finalIntentNames[0]})${date ? ` ${date.start} ${date.hasTime}` : ''}` +
          `  ${result.intents.map((i) => `[${i.text}→${i.intentName} ${i.confidence}]`).join(' ')}`,
      );
    }
  }
}

const replies = loadLabelledReplies();
const started = Date.now();
const { train, test } = splitReplies(replies, 0, FOLDS);
print(`Held back (trained on ${train.length})`, evaluate(train, test));
print(`${FOLDS}-fold cross-validation`, crossValidate(replies, FOLDS));
console.info(`\nmeasured ${new Date().toISOString().slice(0, 10)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
