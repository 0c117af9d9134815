#!/usr/bin/env python3
"""vmaf-slurm on a real one-node Slurm cluster this test starts and tears
down itself (Debian's munge, slurmctld, slurmd, slurm-client; as root,
without systemd): munged with its own key and socket, slurmctld and slurmd
in the foreground on ports off the defaults, everything in a temporary
folder, the node declaring a stand-in GPU (gres File=/dev/null) so that
--gpus schedules as on a GPU node.

- A list of 8 pairs as a 4-task array, one GPU a task: every output equals
  the single-process batch's (the fps line aside), the collect job's
  summary has 8 done with their pooled scores, a bad line is failed with
  vmaf's error, and its report (read from the outputs) has the 8 pairs and
  the failure.
- A task cancelled mid-way (scancel while its second pair is scoring):
  the finished pair's output stays, the cut one leaves nothing; submitting
  again scores only what was missing (finished outputs untouched) and
  ends equal to the single-process run.
- The cluster goes down with no daemon left, on failure too.

Usage: slurm.py VMAF GEN_YUV VMAF_SLURM WORKDIR. Exits 77 (skipped) without
Slurm's and munge's programs or when not root."""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

vmaf, gen_yuv, driver, work = (os.path.abspath(a) for a in sys.argv[1:5])
PROGRAMS = ["munged", "slurmctld", "slurmd", "sbatch", "squeue", "scancel", "sinfo"]
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from checks import Checks  # noqa: E402

check = Checks()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    def __init__(self, root):
        self.root = root
        self.procs = []
        self.env = dict(os.environ, SLURM_CONF=os.path.join(root, "slurm.conf"))

    def path(self, *p):
        return os.path.join(self.root, *p)

    def start(self):
        for d in ("munge", "state", "spool", "log"):
            os.makedirs(self.path(d), mode=0o700)
        key = self.path("munge", "munge.key")
        with open(key, "wb") as f:
            f.write(os.urandom(1024))
        os.chmod(key, 0o400)
        sock = self.path("munge", "munge.socket")
        self.spawn(["munged", "-F", "-f", "--key-file", key, "--socket", sock,
                    "--pid-file", self.path("munge", "munged.pid"),
                    "--log-file", self.path("log", "munged.log"),
                    "--seed-file", self.path("munge", "munged.seed")])
        for _ in range(100):
            if os.path.exists(sock):
                break
            time.sleep(0.05)
        conf = {
            "ClusterName": "vmaftest",
            "SlurmctldHost": "localhost(127.0.0.1)",
            "SlurmctldPort": free_port(),
            "SlurmdPort": free_port(),
            "SlurmUser": "root",
            "SlurmdUser": "root",
            "AuthType": "auth/munge",
            "AuthInfo": "socket=" + sock,
            "CredType": "cred/munge",
            "StateSaveLocation": self.path("state"),
            "SlurmdSpoolDir": self.path("spool"),
            "SlurmctldPidFile": self.path("slurmctld.pid"),
            "SlurmdPidFile": self.path("slurmd.pid"),
            "SlurmctldLogFile": self.path("log", "slurmctld.log"),
            "SlurmdLogFile": self.path("log", "slurmd.log"),
            "ProctrackType": "proctrack/linuxproc",
            "TaskPlugin": "task/none",
            "JobAcctGatherType": "jobacct_gather/none",
            "JobCompType": "jobcomp/filetxt",
            "JobCompLoc": self.path("log", "jobcomp.txt"),
            "AccountingStorageType": "accounting_storage/none",
            "SelectType": "select/cons_tres",
            "SelectTypeParameters": "CR_CPU",
            "MpiDefault": "none",
            "ReturnToService": "2",
            "GresTypes": "gpu",
        }
        cpus = os.cpu_count() or 1
        # Stand-in devices (each file once): --gres=gpu scheduled without a GPU.
        gpus = ["/dev/null", "/dev/zero"]
        with open(self.path("slurm.conf"), "w") as f:
            for k, v in conf.items():
                f.write("%s=%s\n" % (k, v))
            f.write("NodeName=localhost NodeAddr=127.0.0.1 CPUs=%d Gres=gpu:%d State=UNKNOWN\n"
                    % (cpus, len(gpus)))
            f.write("PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP\n")
        with open(self.path("gres.conf"), "w") as f:
            for dev in gpus:
                f.write("Name=gpu File=%s\n" % dev)
        self.spawn(["slurmctld", "-D", "-f", self.path("slurm.conf")])
        self.spawn(["slurmd", "-D", "-N", "localhost", "-f", self.path("slurm.conf")])
        for _ in range(200):
            p = self.run(["sinfo", "-h", "-o", "%T"])
            if p.stdout.strip() in ("idle", "mixed"):
                return True
            time.sleep(0.1)
        return False

    def spawn(self, argv):
        self.procs.append(subprocess.Popen(argv, env=self.env, stdout=subprocess.DEVNULL,
                                           stderr=subprocess.DEVNULL))

    def run(self, argv, check=False):
        return subprocess.run(argv, env=self.env, capture_output=True, text=True, check=check)

    def wait_jobs(self, limit_s=300):
        end = time.time() + limit_s
        while time.time() < end:
            if not self.run(["squeue", "-h", "-o", "%i"]).stdout.strip():
                return True
            time.sleep(0.2)
        return False

    def logs(self):
        for name in ("slurmctld.log", "slurmd.log"):
            try:
                print("--- %s (tail)\n%s" % (name, open(self.path("log", name)).read()[-2000:]))
            except OSError:
                pass

    def stop(self):
        if self.procs:
            self.run(["scancel", "--full", "-u", "root"])
        for p in reversed(self.procs):
            p.send_signal(signal.SIGTERM)
        for p in reversed(self.procs):
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        left = [p.args[0] for p in self.procs if p.poll() is None]
        check(not left, "daemons left running: %s" % left)
        # A job step's slurmstepd ends on its own once slurmd is gone.
        for _ in range(100):
            steps = subprocess.run(["pgrep", "-x", "slurmstepd"], capture_output=True,
                                   text=True).stdout.split()
            if not steps:
                break
            time.sleep(0.1)
        check(not steps, "job steps left running: %s" % steps)


def strip_fps(path):
    with open(path) as f:
        return [l for l in f if not l.lstrip().startswith('"fps"')]


def same_outputs(names, a, b, what):
    for n in names:
        pa, pb = os.path.join(a, n), os.path.join(b, n)
        if not check(os.path.exists(pb), "%s: %s missing" % (what, pb)):
            continue
        check(strip_fps(pa) == strip_fps(pb), "%s: %s differs from the single-process run" % (what, n))


def gen(name, w, h, frames, seed):
    if not os.path.exists(name + "_dis.y4m"):
        subprocess.run([gen_yuv, "-w", str(w), "-h", str(h), "-p", "420", "-b", "8", "-n",
                        str(frames), "-s", str(seed), "-k", "mix", "-y", name + "_ref.y4m",
                        name + "_dis.y4m"], check=True, stdout=subprocess.DEVNULL)


def write_list(path, names, out_dir, extra=()):
    with open(path, "w") as f:
        for n in names:
            f.write("%s_ref.y4m\t%s_dis.y4m\t%s/%s.json\n" % (n, n, out_dir, n))
        for line in extra:
            f.write(line + "\n")


def array_matches_single(c):
    names = ["p%d" % i for i in range(8)]
    for i, n in enumerate(names):
        gen(n, 160 + 32 * i, 90 + 18 * i, 6 + i, i + 1)
    os.makedirs("single", exist_ok=True)
    os.makedirs("array", exist_ok=True)
    write_list("single.txt", names, "single")
    subprocess.run([vmaf, "--batch", "single.txt", "--json", "-q", "--backend", "cpu"], check=True)
    write_list("array.txt", names, "array", ["p0_ref.y4m\tmissing.y4m\tarray/missing.json"])
    p = c.run([sys.executable, driver, "submit", "array.txt", "--tasks", "4", "--gpus", "1",
               "--vmaf", vmaf, "--report", "array.json", "--", "--json", "-q", "--backend",
               "cpu"])
    if not check(p.returncode == 0, "submit: %s" % (p.stderr or p.stdout)):
        return
    check(c.wait_jobs(), "the array and collect jobs did not end")
    same_outputs([n + ".json" for n in names], "single", "array", "4-task array")
    try:
        summary = json.load(open("array.txt.slurm/summary.json"))
    except (OSError, ValueError) as e:
        check(False, "no summary from the collect job: %s" % e)
        return
    check(summary["done"] == 8 and summary["failed"] == 1 and summary["pending"] == 0,
          "summary: %d done, %d failed, %d pending" % (summary["done"], summary["failed"],
                                                      summary["pending"]))
    bad = [s for s in summary["pairs"] if s["status"] == "failed"]
    check(bad and "missing.y4m" in bad[0].get("error", ""), "the failed line's error: %s" % bad)
    good = [s for s in summary["pairs"] if s["status"] == "done"]
    single = {n: json.load(open("single/%s.json" % n)) for n in names}
    check(all(s["pooled"]["vmaf"]["mean"] ==
              single[os.path.basename(s["output"])[:-5]]["pooled_metrics"]["vmaf"]["mean"]
              for s in good), "summary's pooled scores")
    try:
        rep = json.load(open("array.json"))
    except (OSError, ValueError) as e:
        rep = {"pairs": [], "failed": [], "error": str(e)}
    check(len(rep["pairs"]) == 8 and [f["line"] for f in rep["failed"]] == [9] and
          all("%.6f" % p["pooled"]["mean"] == "%.6f" % single[p["distorted"].replace(
              "_dis.y4m", "")]["pooled_metrics"]["vmaf"]["mean"] for p in rep["pairs"]),
          "the collect job's report: %s" % {k: rep.get(k) for k in ("failed", "error")})
    st = c.run([sys.executable, driver, "status", "array.txt.slurm"])
    check("8 done, 1 failed, 0 pending" in st.stdout, "status said %r" % st.stdout)


def resume_after_cancel(c):
    names = ["r0", "r1", "r2"]
    gen("r0", 160, 90, 4, 11)
    gen("r1", 1280, 720, 60, 12)  # a few seconds: cancelled while it scores
    gen("r2", 320, 180, 8, 13)
    os.makedirs("rsingle", exist_ok=True)
    os.makedirs("resume", exist_ok=True)
    write_list("rsingle.txt", names, "rsingle")
    subprocess.run([vmaf, "--batch", "rsingle.txt", "--json", "-q", "--backend", "cpu"], check=True)
    write_list("resume.txt", names, "resume")
    args = [sys.executable, driver, "submit", "resume.txt", "--tasks", "1", "--vmaf", vmaf, "--",
            "--json", "--jobs", "1", "--backend", "cpu"]
    p = c.run(args)
    if not check(p.returncode == 0, "submit: %s" % (p.stderr or p.stdout)):
        return
    array = json.load(open("resume.txt.slurm/run.json"))["jobs"][-1]["array"]
    end = time.time() + 120
    while time.time() < end and not os.path.exists("resume/r0.json"):
        time.sleep(0.05)
    c.run(["scancel", array])
    check(c.wait_jobs(), "jobs still queued after scancel")
    check(os.path.exists("resume/r0.json") and not os.path.exists("resume/r1.json"),
          "after scancel: %s (want r0.json only; was r1 done before the cancel?)"
          % sorted(os.listdir("resume")))
    check(all(f.endswith(".json") for f in os.listdir("resume")),
          "a cancelled pair left a file: %s" % os.listdir("resume"))
    kept = os.stat("resume/r0.json").st_mtime_ns
    p = c.run(args)
    check(p.returncode == 0 and c.wait_jobs(), "resubmission: %s" % (p.stderr or p.stdout))
    check(os.stat("resume/r0.json").st_mtime_ns == kept, "the resubmission scored r0 again")
    log = open("resume.txt.slurm/logs/task-0.out").read()
    check("3 of 3 lines in slice 0/1, 1 of them already scored" in log,
          "the resubmitted task's log: %r" % log[-300:])
    same_outputs([n + ".json" for n in names], "rsingle", "resume", "resumed")


def main():
    missing = [p for p in PROGRAMS if not shutil.which(p) and not os.path.exists("/usr/sbin/" + p)]
    if missing:
        print("SKIP: no %s (Debian: munge slurmctld slurmd slurm-client)" % " ".join(missing))
        return 77
    if os.geteuid() != 0:
        print("SKIP: a Slurm node runs its jobs as root here; the test is not root")
        return 77
    os.environ["PATH"] += ":/usr/sbin"
    os.makedirs(work, exist_ok=True)
    os.chdir(work)
    for d in ("array", "resume", "array.txt.slurm", "resume.txt.slurm"):
        shutil.rmtree(d, ignore_errors=True)
    root = tempfile.mkdtemp(prefix="vmaf-slurm-")
    c = Cluster(root)
    t0 = time.time()
    try:
        if not check(c.start(), "the cluster did not come up"):
            c.logs()
            return 1
        print("cluster up in %.1f s" % (time.time() - t0))
        array_matches_single(c)
        resume_after_cancel(c)
        if check.failures:
            c.logs()
    finally:
        c.stop()
        shutil.rmtree(root, ignore_errors=True)
    check(not os.path.exists(root), "the cluster's folder is left")
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
