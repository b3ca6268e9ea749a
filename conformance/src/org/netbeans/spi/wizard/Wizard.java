/* Stand-in for the NetBeans Wizard library (wizard-0.998.1.jar), which Vengine.jar needs but which is
 * neither inside the jar nor packaged by Debian. Only what VASSAL 3.6 links against is declared; the
 * harness never shows a wizard: showing one fails loudly (see WizardDisplayer). */
package org.netbeans.spi.wizard;

import java.util.Map;
import javax.swing.JComponent;

public class Wizard {
  private final String title;

  Wizard(String title) {
    this.title = title;
  }

  public String getTitle() {
    return title;
  }

  public String[] getAllSteps() {
    return new String[0];
  }

  public String getCurrentStep() {
    return null;
  }

  public int getForwardNavigationMode() {
    return 0;
  }

  public String getLongDescription(String step) {
    return null;
  }

  public String getStepDescription(String step) {
    return step;
  }

  public String getProblem() {
    return null;
  }

  public boolean isBusy() {
    return false;
  }

  public boolean cancel(Map settings) {
    return true;
  }

  public JComponent navigatingTo(String step, Map settings) {
    throw new UnsupportedOperationException("wizard not available in the modgen harness");
  }

  public void addWizardObserver(WizardObserver o) {
  }

  public void removeWizardObserver(WizardObserver o) {
  }
}
