// Starts DynamoDB Local bound to 127.0.0.1 only. The jar has no host option and listens on every
// interface, so this sets the host on its Jetty connectors before start. Arguments are the jar's
// own (-port, -dbPath, -sharedDb, -disableTelemetry).
//
// It also dies with the process that started it, however that process ends (even SIGKILL): the
// runner keeps the write end of this process's stdin, which the kernel closes when the runner exits,
// so end of input here means "the runner is gone".
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class DynamoDbLoopback {
  public static void main(String[] args) throws Exception {
    Thread watchdog = new Thread(() -> {
      try {
        while (System.in.read() != -1) {}
      } catch (Exception ignored) {
      }
      System.exit(0);
    }, "parent-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) {
      ((ServerConnector) connector).setHost("127.0.0.1");
    }
    proxy.start();
    System.out.println("DynamoDB Local listening on 127.0.0.1");
    proxy.join();
  }
}
