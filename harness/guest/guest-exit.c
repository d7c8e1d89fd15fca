/*
 * guest-exit: end the qemu guest with an exit status the host can see.
 *
 * qemu is started with -device isa-debug-exit,iobase=0xf4,iosize=0x04;
 * writing CODE to port 0xf4 makes qemu exit with status (CODE << 1) | 1.
 * Usage: guest-exit CODE [TTY...]
 * Each TTY (e.g. /dev/ttyS1) is drained first (tcdrain), so output still in
 * the serial driver's buffer reaches the host before qemu exits.
 *
 * arm64 (qemu-system-aarch64 -M virt) has no isa-debug-exit: qemu runs with
 * -semihosting-config enable=on,target=native,userspace=on and this program
 * makes the semihosting SYS_EXIT call (HLT #0xf000) with the same status,
 * (CODE << 1) | 1, so that harness/runner/run reads both the same way.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#ifdef __x86_64__
#include <sys/io.h>
#endif
#include <termios.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int code = argc > 1 ? atoi(argv[1]) : 0;

	sync();
	for (int i = 2; i < argc; i++) {
		int fd = open(argv[i], O_WRONLY | O_NOCTTY);

		if (fd < 0 || tcdrain(fd))
			perror(argv[i]);
		if (fd >= 0)
			close(fd);
	}
	usleep(100 * 1000);	/* the UART's own FIFO */
#ifdef __aarch64__
	{
		/* ADP_Stopped_ApplicationExit, then the exit status */
		unsigned long block[2] = { 0x20026, ((code & 0x7f) << 1) | 1 };
		register unsigned long x0 asm("x0") = 0x18;	/* SYS_EXIT */
		register unsigned long x1 asm("x1") = (unsigned long)block;

		asm volatile("hlt #0xf000" : "+r"(x0) : "r"(x1) : "memory");
	}
	fprintf(stderr, "guest-exit: no semihosting (qemu -semihosting-config)?\n");
	return 1;
#else
	if (ioperm(0xf4, 4, 1)) {
		perror("guest-exit: ioperm");
		return 1;
	}
	outb((unsigned char)(code & 0x7f), 0xf4);
	/* not reached under qemu with isa-debug-exit */
	fprintf(stderr, "guest-exit: no isa-debug-exit device?\n");
	return 1;
#endif
}
