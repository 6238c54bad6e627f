/* timeit.c -- run a command several times; print its median wall time and
 * peak memory.  Part of `make bench` (bench/run.sh); not part of pz.
 *
 *   timeit [-n RUNS] [-w WARMUPS] [-t TIMEOUT_S] [-s SLOW_MS]
 *          [-o OUTFILE] [-e ERRFILE] -- COMMAND [ARGS...]
 *
 * It runs COMMAND WARMUPS times (default 1), then RUNS times (default 5),
 * and prints one line:
 *
 *   median_ms=12.345 runs=5 maxrss_kb=1234 status=0 timeout=0
 *
 * Wall time is taken with CLOCK_MONOTONIC around fork..wait, so it is the
 * whole process (start-up included) with microsecond resolution, which
 * `date` or /usr/bin/time -f %e (10 ms) cannot give for a 1 ms run.  Peak
 * memory is ru_maxrss from wait4, the number /usr/bin/time -f %M prints
 * (it covers the children the command waited for, e.g. minizinc's
 * fzn-gecode).  A run longer than TIMEOUT_S seconds (default 60) is killed
 * with its whole process group and reported as timeout=1.  When the
 * warm-up alone takes longer than SLOW_MS (default: never), it is the one
 * measurement (runs=1): a slow peer does not need five more runs to hide
 * start-up noise.  The standard output and error of the last run are left
 * in OUTFILE and ERRFILE (default /dev/null), so callers can read the
 * answer and the statistics.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_RUNS 1000

struct run {
  double ms;
  long maxrss_kb;
  int status;   /* exit status, or 128 + signal */
  int timedout;
};

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int open_out(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) {
    fprintf(stderr, "timeit: cannot open %s: %s\n", path, strerror(errno));
    exit(2);
  }
  return fd;
}

static struct run run_once(char **argv, const char *out, const char *err,
                           double timeout_s) {
  struct run r = {0, 0, 0, 0};
  sigset_t chld, old;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, &old);

  int ofd = open_out(out), efd = open_out(err);
  int ifd = open("/dev/null", O_RDONLY);
  double t0 = now_ms();
  pid_t pid = fork();
  if (pid < 0) {
    perror("timeit: fork");
    exit(2);
  }
  if (pid == 0) {
    sigprocmask(SIG_SETMASK, &old, NULL);
    setpgid(0, 0);
    dup2(ifd, 0);
    dup2(ofd, 1);
    dup2(efd, 2);
    execvp(argv[0], argv);
    fprintf(stderr, "timeit: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  setpgid(pid, pid);
  close(ofd);
  close(efd);
  close(ifd);

  struct timespec limit;
  limit.tv_sec = (time_t)timeout_s;
  limit.tv_nsec = (long)((timeout_s - (double)limit.tv_sec) * 1e9);
  int status = 0;
  struct rusage ru;
  for (;;) {
    pid_t w = wait4(pid, &status, WNOHANG, &ru);
    if (w == pid)
      break;
    double left_ms = timeout_s * 1e3 - (now_ms() - t0);
    if (left_ms <= 0) {
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      wait4(pid, &status, 0, &ru);
      r.timedout = 1;
      break;
    }
    limit.tv_sec = (time_t)(left_ms / 1e3);
    limit.tv_nsec = (long)((left_ms - (double)limit.tv_sec * 1e3) * 1e6);
    sigtimedwait(&chld, NULL, &limit); /* a SIGCHLD or the time limit */
  }
  r.ms = now_ms() - t0;
  /* Grandchildren left behind (a killed minizinc's solver) go too. */
  kill(-pid, SIGKILL);
  sigprocmask(SIG_SETMASK, &old, NULL);
  r.maxrss_kb = ru.ru_maxrss;
  if (WIFEXITED(status))
    r.status = WEXITSTATUS(status);
  else if (WIFSIGNALED(status))
    r.status = 128 + WTERMSIG(status);
  return r;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void usage(void) {
  fprintf(stderr, "usage: timeit [-n RUNS] [-w WARMUPS] [-t TIMEOUT_S] "
                  "[-s SLOW_MS] [-o OUT] [-e ERR] -- COMMAND [ARGS...]\n");
  exit(2);
}

int main(int argc, char **argv) {
  int runs = 5, warmups = 1;
  double timeout_s = 60, slow_ms = -1;
  const char *out = "/dev/null", *err = "/dev/null";
  int opt;
  while ((opt = getopt(argc, argv, "+n:w:t:s:o:e:")) != -1) {
    switch (opt) {
    case 'n': runs = atoi(optarg); break;
    case 'w': warmups = atoi(optarg); break;
    case 't': timeout_s = atof(optarg); break;
    case 's': slow_ms = atof(optarg); break;
    case 'o': out = optarg; break;
    case 'e': err = optarg; break;
    default: usage();
    }
  }
  if (optind >= argc || runs < 1 || runs > MAX_RUNS || warmups < 0 ||
      timeout_s <= 0)
    usage();
  char **cmd = argv + optind;

  static double ms[MAX_RUNS];
  long maxrss = 0;
  struct run r = {0, 0, 0, 0};
  int n = 0;
  for (int i = 0; i < warmups; i++) {
    r = run_once(cmd, out, err, timeout_s);
    if (r.timedout) {
      printf("median_ms=%.3f runs=0 maxrss_kb=%ld status=%d timeout=1\n",
             r.ms, r.maxrss_kb, r.status);
      return 0;
    }
  }
  if (warmups > 0 && slow_ms >= 0 && r.ms > slow_ms) {
    ms[n++] = r.ms;
    maxrss = r.maxrss_kb;
  } else {
    for (int i = 0; i < runs; i++) {
      r = run_once(cmd, out, err, timeout_s);
      if (r.timedout) {
        printf("median_ms=%.3f runs=%d maxrss_kb=%ld status=%d timeout=1\n",
               r.ms, n, r.maxrss_kb, r.status);
        return 0;
      }
      ms[n++] = r.ms;
      if (r.maxrss_kb > maxrss)
        maxrss = r.maxrss_kb;
    }
  }
  qsort(ms, (size_t)n, sizeof ms[0], cmp_double);
  double median = n % 2 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2;
  printf("median_ms=%.3f runs=%d maxrss_kb=%ld status=%d timeout=0\n",
         median, n, maxrss, r.status);
  return 0;
}
