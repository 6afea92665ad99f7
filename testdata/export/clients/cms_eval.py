#!/usr/bin/env python3
"""Judge one submission to a CMS task directory with CMS's own code, and score it.

usage: cms_eval.py TASKDIR OUTPUTS_DIR            # OutputOnly: OUTPUTS_DIR/output_000.txt ...
       cms_eval.py TASKDIR --batch PROGRAM.c      # Batch: the contestant's C program

What runs is CMS's code (cms-dev/cms c3659b81, through a harness of CMS's
modules named by CMS_TOOLS, with CMSH its scratch directory): YamlLoader.get_task loads TASKDIR (a copy); for Batch,
Batch.compile compiles PROGRAM.c as "C11 / gcc"; then for every test case the
task type's own evaluate (OutputOnly.evaluate, or Batch.evaluate: the program
run on the input, its output judged by check/checker through eval_output), and
the dataset's score type (GroupMin) computes the score from the outcomes, on
CMS's model objects (SubmissionResult, Evaluation), in memory. The one
substitution is the harness's: isolate is replaced by _cmsh.LocalSandbox.

Prints one JSON object: the outcome and message of each test case, the score of
each subtask and the total. Exit 0 when every evaluation succeeded.
"""
import argparse
import datetime
import json
import os
import shutil
import sys
import tempfile

TOOLS = os.environ.get("CMS_TOOLS")
if not TOOLS:
    sys.exit("cms_eval.py: set CMS_TOOLS to the directory of the CMS harness (_cmsh.py)")
sys.path.insert(0, TOOLS)
import _cmsh  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("taskdir")
    ap.add_argument("outputs", nargs="?")
    ap.add_argument("--batch")
    args = ap.parse_args()
    _cmsh.bootstrap()
    import logging
    import cms.log
    cms.log.shell_handler.setLevel(logging.CRITICAL + 1)

    import cms.grading.tasktypes.util as tt_util
    from cms.db import File, Submission, SubmissionResult, Evaluation, Participation, User, Contest
    from cms.db.filecacher import FileCacher
    from cms.grading.Job import CompilationJob, EvaluationJob
    from cms.service.esoperations import ESOperation
    from cmscontrib.loaders.italy_yaml import YamlLoader

    tt_util.Sandbox = _cmsh.make_local_sandbox_class()
    work = tempfile.mkdtemp(prefix="cms-eval-")
    try:
        path = os.path.join(work, "task", os.path.basename(os.path.abspath(args.taskdir)))
        shutil.copytree(args.taskdir, path)
        fc = FileCacher(path=os.path.join(work, "fs"))
        task = YamlLoader(path, fc).get_task(get_statement=False)
        ds = task.active_dataset
        tt = ds.task_type_object
        res = {"task": task.name, "task_type": ds.task_type, "testcases": {}}
        files, executables, language = {}, {}, None
        if args.batch:
            language = "C11 / gcc"
            name = task.submission_format[0]  # cses.%l
            src = name.replace(".%l", ".c")
            files = {name: File(name, fc.put_file_from_path(args.batch, "source"))}
            cjob = CompilationJob(
                operation=ESOperation(ESOperation.COMPILATION, 0, 0),
                task_type=ds.task_type, task_type_parameters=ds.task_type_parameters,
                language=language, files=files, managers=dict(ds.managers),
                info="cms_eval compile %s" % src)
            tt.compile(cjob, fc)
            res["compilation"] = {"success": cjob.success, "compilation_success": cjob.compilation_success,
                                  "text": cjob.text}
            if not cjob.compilation_success:
                print(json.dumps(res, indent=1, default=str))
                return 1
            executables = cjob.executables
        ok = True
        outcomes = {}
        for code, tc in sorted(ds.testcases.items()):
            if not args.batch:
                fname = "output_%s.txt" % code
                f = os.path.join(args.outputs, fname)
                files = {fname: File(fname, fc.put_file_from_path(f, fname))} if os.path.exists(f) else {}
            job = EvaluationJob(
                operation=ESOperation(ESOperation.EVALUATION, 0, 0, code),
                task_type=ds.task_type, task_type_parameters=ds.task_type_parameters,
                language=language, files=files, managers=dict(ds.managers), executables=dict(executables),
                input=tc.input, output=tc.output, time_limit=ds.time_limit, memory_limit=ds.memory_limit,
                info="cms_eval %s" % code)
            tt.evaluate(job, fc)
            ok = ok and bool(job.success)
            outcomes[code] = job
            res["testcases"][code] = {"success": job.success, "outcome": job.outcome, "text": job.text,
                                      "admin_text": job.admin_text}
        # The score, by the dataset's score type, on CMS's own objects.
        contest = Contest(name="c", description="c")
        part = Participation(contest=contest, user=User(first_name="a", last_name="b", username="u", password="x"))
        sub = Submission(participation=part, task=task, opaque_id=1, timestamp=datetime.datetime.now())
        sr = SubmissionResult(submission=sub, dataset=ds)
        sr.compilation_outcome = "ok"
        sr.evaluation_outcome = "ok"
        for code, job in outcomes.items():
            Evaluation(submission_result=sr, dataset=ds, testcase=ds.testcases[code],
                       outcome=job.outcome, text=job.text,
                       execution_time=job.plus.get("execution_time") if job.plus else None,
                       execution_memory=job.plus.get("execution_memory") if job.plus else None)
        score, subtasks, _, _, _ = ds.score_type_object.compute_score(sr)
        res["subtasks"] = [{"subtask": st["idx"], "max_score": st["max_score"], "score": st["score"]} for st in subtasks]
        res["score"] = score
        print(json.dumps(res, indent=1, default=str))
        return 0 if ok else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
